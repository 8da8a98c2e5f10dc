"""Pictures of a trace and of layouts: the data-flow graph (`graph`), each tensor's mode hierarchy
(`hierarchy`), layout and thread-value grids (`grid`), one self-contained HTML report (`html`), and layout
algebra evaluated by CuTeDSL (`layout_expr`). Each module imports its heavy dependency only when called."""
