// glibc's malloc tuning (mallopt and its M_ options), which the Glibc module does not bring in: the executable sets
// it once at launch on Linux (see Sources/bggen/AllocatorTuning.swift). Never imported on Darwin.
#include <malloc.h>
