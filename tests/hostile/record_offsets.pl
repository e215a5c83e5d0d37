#!/usr/bin/perl
# Prints the byte offset where each packet record of a pcap or pcapng file
# starts, one line per frame (line N: frame N), read independently of
# libpcap and blankshark. Stops quietly at a record cut short.
# Usage: record_offsets.pl FILE
use strict;
use warnings;

open(my $f, '<:raw', $ARGV[0]) or die "$ARGV[0]: $!\n";
local $/;
my $d = <$f>;
my $size = length $d;
exit 0 if $size < 24;
my $magic = unpack('V', substr($d, 0, 4));

if ($magic == 0x0A0D0D0A) {    # pcapng: blocks of (type, total length, ..., length)
    my $bom = unpack('V', substr($d, 8, 4));
    my $u32 = $bom == 0x1A2B3C4D ? 'V' : 'N';
    for (my $at = 0; $at + 12 <= $size;) {
        my ($type, $len) = unpack("$u32$u32", substr($d, $at, 8));
        last if $len < 12 || $at + $len > $size;
        print "$at\n" if $type == 6 || $type == 3 || $type == 2;    # enhanced, simple, obsolete packet
        $at += $len;
    }
    exit 0;
}

# pcap: a 24-byte file header, then 16-byte record headers (incl_len at 8).
my %order = (0xA1B2C3D4 => 'V', 0xA1B23C4D => 'V', 0xD4C3B2A1 => 'N', 0x4D3CB2A1 => 'N');
my $u32 = $order{$magic} or die "$ARGV[0]: not pcap or pcapng\n";
for (my $at = 24; $at + 16 <= $size;) {
    my $incl = unpack($u32, substr($d, $at + 8, 4));
    last if $at + 16 + $incl > $size;
    print "$at\n";
    $at += 16 + $incl;
}
