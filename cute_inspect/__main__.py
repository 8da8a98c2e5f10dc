from cute_inspect.cli import run

run()
