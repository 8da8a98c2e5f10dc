"""`cute_inspect.cli.COMMANDS` names each sub-command's module, so that a command line imports only the module of
the command it runs: the table must say what the modules register."""

import os
import subprocess
import sys
from pathlib import Path

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



def _traced_target_saw(folder, extra_env: dict) -> str:
    """Standard error of `python -m cute_inspect trace` on a target that raises with the CUTE_DSL_DRYRUN it saw."""
    (folder / "target.py").write_text("import os\n\n\ndef compile_only():\n"
                                      "    raise RuntimeError(f\"DRYRUN={os.environ.get('CUTE_DSL_DRYRUN')}\")\n")
    env = {key: value for key, value in os.environ.items() if key != "CUTE_DSL_DRYRUN"}
    env.update(PYTHONPATH=str(Path(__file__).resolve().parents[1]), **extra_env)
    done = subprocess.run([sys.executable, "-m", "cute_inspect", "trace", "target.py:compile_only", "--arch", "sm_90a"],
                          capture_output=True, text=True, cwd=folder, env=env, check=False)
    return done.stderr


def test_the_program_stops_a_traced_compile_at_ir(tmp_path):
    # the trace reads everything while the kernel is traced into IR: lowering it to PTX and cubin shows nothing
    assert "DRYRUN=1" in _traced_target_saw(tmp_path, {})


def test_a_dryrun_setting_the_user_made_is_kept(tmp_path):
    assert "DRYRUN=0" in _traced_target_saw(tmp_path, {"CUTE_DSL_DRYRUN": "0"})
