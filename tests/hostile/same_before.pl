#!/usr/bin/perl
# Everything the intact capture shows before frame K, the damaged one shows
# too. Exits 1 with the first difference, 0 otherwise. Lines are compared as
# text (a JSON parser in Perl takes minutes on these files).
#   decode REF TEST K: `decode --json` lines of frames < K identical, in order
#                      (decode shows what was known at each frame); after
#                      them only packets the end of a cut capture flushed
#                      incomplete (Minecraft Java, Alpha: their last segment
#                      came before the cut)
#   check REF TEST K:  every `check --format json` finding of a frame < K of
#                      REF is among TEST's, but for the file name (damage
#                      later may add findings to earlier frames, e.g. to a
#                      transmission it left incomplete); a finding that
#                      measures the time to the capture's end (a peer silent
#                      for N s before it, the connection open at it) is not
#                      compared: the cut moved that end
use strict;
use warnings;

my ($mode, $ref, $test, $k) = @ARGV;
die "usage: same_before.pl decode|check REF TEST K\n" unless defined $k && $mode =~ /^(decode|check)$/;

# The lines of a frame < K: decode's start with {"frame":N, check's findings carry "pcap_cnt":N.
sub before {
    my ($file) = @_;
    open(my $f, '<', $file) or die "$file: $!\n";
    my @out;
    while (my $l = <$f>) {
        chomp $l;
        if ($mode eq 'decode') {
            my ($n) = $l =~ /^\{"frame":(\d+),/ or die "$file: not decode --json: $l\n";
            push @out, [$n, $l] if $n < $k;
        } elsif ($l =~ /^\{"event_type":"finding",/) {
            my ($n) = $l =~ /,"pcap_cnt":(\d+),/ or die "$file: a finding without pcap_cnt: $l\n";
            $l =~ s/"file":"(?:[^"\\]|\\.)*",//;
            next if $l =~ /"code":"[a-z_]+\.end\.(?:silence|capture)"/;
            push @out, [$n, $l] if $n < $k;
        }
    }
    return @out;
}

my @r = before($ref);
my @t = before($test);
if ($mode eq 'decode') {
    for my $i (0 .. $#r) {
        next if $i <= $#t && $t[$i][1] eq $r[$i][1];
        print "frame $r[$i][0]: ", ($i <= $#t ? "differs" : "missing"), "\n";
        exit 1;
    }
    # After them, only what the end of a cut capture flushes: a TCP
    # protocol's packet the capture ends inside, at its last segment's
    # frame (before the cut), marked incomplete; Alpha's event that the
    # capture ended with the connection open; a packet running into a hole
    # whose end the cut made final (stream.cut, shown at its last segment's
    # frame where the intact capture waited for the data after the hole).
    for my $i (scalar(@r) .. $#t) {
        next if $t[$i][1] =~ /"code":"[a-z]+\.(?:stream\.(?:incomplete|cut)|end\.capture)"/;
        print "frame $t[$i][0]: not in the intact capture\n";
        exit 1;
    }
    print scalar(@r), " packets before frame $k as in the intact capture\n";
    exit 0;
}
my %have;
$have{$_->[1]}++ for @t;
for (@r) {
    if (($have{$_->[1]} // 0) > 0) { $have{$_->[1]}--; next; }
    print "missing finding: $_->[1]\n";
    exit 1;
}
print scalar(@r), " findings before frame $k as in the intact capture\n";
exit 0;
