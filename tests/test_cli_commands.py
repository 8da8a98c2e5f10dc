"""`cute_inspect.cli.COMMANDS` names each sub-command's module, so that a command line imports only the module of
the command it runs: the table must say what the modules register."""

import subprocess
import sys

from cute_inspect import cli


def test_the_table_lists_every_command_the_modules_register_in_the_order_of_the_help():
    assert cli.build_parser().get_default("commands") == tuple(cli.COMMANDS)


def test_each_command_is_registered_by_the_module_the_table_names():
    for command in cli.COMMANDS:
        assert command in cli.build_parser(command).get_default("commands")


def test_a_lint_imports_neither_the_renderer_nor_the_tracer(tmp_path):
    # `cute_inspect.trace.lazy` is the package's lazy loader of the tracer, not the tracer.
    (tmp_path / "k.py").write_text("x = 1\n")
    probe = ("import sys\nfrom cute_inspect import cli\ncode = cli.main(['lint', '--no-cache', sys.argv[1]])\n"
             "print(sorted(m for m in sys.modules if m.startswith(('cute_inspect.render', 'cute_inspect.diff',"
             " 'cute_inspect.trace.', 'cute_inspect.check', 'multiprocessing')) and m != 'cute_inspect.trace.lazy'))")
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "k.py")],
                          capture_output=True, text=True, check=False)
    assert done.stdout.splitlines()[-1] == "[]", done.stdout + done.stderr


def test_a_text_lint_outside_a_project_loads_no_module_only_other_outputs_need(tmp_path):
    # json (the JSON and SARIF formats, saved traces), difflib (--diff), tempfile (written files) and tomllib (a
    # pyproject.toml) load where they are used: every `lint` start would pay for them.
    (tmp_path / "k.py").write_text("x = 1\n")
    probe = ("import sys\nfrom cute_inspect import cli\ncode = cli.main(['lint', '--no-cache', sys.argv[1]])\n"
             "print(sorted(m for m in ('json', 'difflib', 'tempfile', 'tomllib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "k.py")],
                          capture_output=True, text=True, check=False)
    assert done.stdout.splitlines()[-1] == "[]", done.stdout + done.stderr
