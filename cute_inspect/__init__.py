"""cute-inspect: trace, check, lint and draw the nested shapes of CuTeDSL kernels at compile time."""
