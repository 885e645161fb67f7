"""Swiss pairings (Livre 4.1, FIDE Dutch system): the next round from a TRF file, paired by
gacrux (see README.md here for how it was chosen), and a checker that explains what is wrong
with a proposed round."""
