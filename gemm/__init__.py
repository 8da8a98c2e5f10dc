"""Reference GEMMs written with cute-inspect and checked by it at every level (SM100, SM90, SM80)."""
