#!/usr/bin/perl
# tshark -V of a damaged capture shows, for every frame before frame K,
# exactly what it shows for the intact capture (one pass: a frame's
# dissection then depends only on the frames before it). Exits 1 with the
# first frame that differs or is missing, 0 otherwise.
#   tshark_same_before.pl INTACT.txt DAMAGED.txt K
use strict;
use warnings;

my ($ref, $test, $k) = @ARGV;
die "usage: tshark_same_before.pl INTACT DAMAGED K\n" unless defined $k;

# The -V text of each frame < K, keyed by its number ("Frame N: ..." starts it).
sub frames {
    my ($file) = @_;
    open(my $f, '<', $file) or die "$file: $!\n";
    my (%by, $n);
    while (my $l = <$f>) {
        if ($l =~ /^Frame (\d+): /) {
            $n = $1;
            last if $n >= $k;
        }
        $by{$n} .= $l if defined $n;
    }
    return %by;
}

my %r = frames($ref);
my %t = frames($test);
for my $n (sort { $a <=> $b } keys %r) {
    next if defined $t{$n} && $t{$n} eq $r{$n};
    print "frame $n: ", (defined $t{$n} ? "differs" : "missing"), "\n";
    exit 1;
}
print scalar(keys %r), " frames before frame $k as in the intact capture\n";
exit 0;
