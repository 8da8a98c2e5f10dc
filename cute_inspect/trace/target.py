"""Run a user's compile function (``pkg.module:function`` or ``path/to/file.py:function``) under the tracer."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys

from cute_inspect.trace.record import Trace


class TargetError(Exception):
    """The target cannot be found or loaded: a mistake in the command, not in the kernel."""


class TargetImportError(TargetError):
    """Importing the target's module raised; the exception it raised is the ``__cause__``."""


@functools.cache
def known_archs() -> tuple[str, ...]:
    """Every arch name of the installed CuTeDSL's ``cutlass.base_dsl.Arch`` (aliases such as sm_101a included).

    Read from the enum's own module, loaded alone: importing ``cutlass`` would fix CUTE_DSL_ARCH for the process.

    >>> {"sm_80", "sm_90a", "sm_100f", "sm_121a"} <= set(known_archs())
    True
    """
    spec = importlib.util.find_spec("cutlass")
    enums = os.path.join(spec.submodule_search_locations[0], "base_dsl", "enums.py") if spec else None
    if not enums or not os.path.isfile(enums):
        raise TargetError("nvidia-cutlass-dsl is not installed (pip install nvidia-cutlass-dsl): no arch is known")
    loader = importlib.util.spec_from_file_location("_cute_inspect_cutedsl_enums", enums)
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return tuple(module.Arch.__members__)


def arch_problem(arch: str) -> str | None:
    """Why `arch` is not an arch name CuTeDSL knows (listing the ones it knows), or None."""
    archs = known_archs()
    return None if arch in archs else f"unknown arch {arch!r}: use one of {', '.join(archs)}"


def set_arch(arch: str) -> None:
    """Set CUTE_DSL_ARCH for this process; the DSL reads it once, when cutlass is imported."""
    problem = arch_problem(arch)
    if problem:
        raise TargetError(problem)
    current = os.environ.get("CUTE_DSL_ARCH")
    if "cutlass" in sys.modules and current != arch:
        raise TargetError(
            f"cutlass was already imported for {current or 'sm_100a (its default)'}; "
            f"trace for {arch} in a fresh process (the DSL reads CUTE_DSL_ARCH once, at import)"
        )
    os.environ["CUTE_DSL_ARCH"] = arch


def stop_compiles_at_ir() -> None:
    """Have this process's compiles stop once a kernel is traced into IR (CuTeDSL's ``CUTE_DSL_DRYRUN``), for a
    process that only traces; read once, when cutlass is imported, so a no-op after that.

    A trace reads everything while the kernel is traced (shapes and layouts, the IR's operands, allocations,
    launches), so lowering that IR to PTX and a cubin is work none of its output shows: a third of a Hopper FMHA
    compile's time. A ``CUTE_DSL_DRYRUN`` already in the environment is kept: ``CUTE_DSL_DRYRUN=0`` for a target
    that uses the compiled kernel ``cute.compile`` returns. Not for a process that goes on to run kernels: the
    setting holds for every later compile of the process and its children.
    """
    if "cutlass" not in sys.modules:
        os.environ.setdefault("CUTE_DSL_DRYRUN", "1")


def target_file(target: str) -> str | None:
    """The source file of `target` (``FILE.py:FUNCTION`` or ``pkg.module:FUNCTION``), found without importing
    anything; None when it cannot be found so (the import then says why)."""
    module_part = target.rpartition(":")[0]
    if not module_part:
        return None
    if module_part.endswith(".py") or os.sep in module_part:
        return os.path.abspath(module_part)
    parts = module_part.split(".")
    for root in [os.getcwd(), *sys.path]:
        base = os.path.join(root or os.getcwd(), *parts)
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(candidate):
                return os.path.abspath(candidate)
    return None


def _load(target: str):
    module_part, sep, func_name = target.rpartition(":")
    if not sep or not module_part or not func_name:
        raise TargetError(f"target {target!r} is not MODULE:FUNCTION or FILE.py:FUNCTION (e.g. gemm.sm90:compile_only)")
    if module_part.endswith(".py") or os.sep in module_part:
        path = os.path.abspath(module_part)
        if os.path.isdir(path):
            raise TargetError(f"{module_part}: is a directory; name a FILE.py:FUNCTION")
        if os.path.exists(path) and not os.path.isfile(path):
            raise TargetError(f"{module_part}: not a regular file (a FIFO or a device?); name a FILE.py:FUNCTION")
        if not os.path.isfile(path):
            raise TargetError(f"{module_part}: no such file")
        if not path.endswith(".py"):
            raise TargetError(f"{module_part}: not a .py file; name a FILE.py:FUNCTION")
        directory = os.path.dirname(path)
        if directory not in sys.path:
            sys.path.insert(0, directory)
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            raise TargetImportError(module_part) from exc
    else:
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            module = importlib.import_module(module_part)
        except Exception as exc:
            if isinstance(exc, ModuleNotFoundError) and exc.name and module_part.startswith(exc.name):
                raise TargetError(f"{module_part}: no such module (run from the directory that holds it)") from exc
            raise TargetImportError(module_part) from exc
    func = getattr(module, func_name, None)
    if not callable(func):
        raise TargetError(f"{module_part}: has no function {func_name!r}")
    return func


def trace_target(target: str, arch: str = "sm_100a", **kwargs) -> Trace:
    """Import `target` and call it under `cute_inspect.trace()`; returns the trace.

    The function compiles one or more kernels (with fake tensors, no GPU needed). The tracer is installed before
    the target's module is imported, so names it binds at import time (``from cutlass.cute import local_tile``)
    are seen too.

    Example::

        t = cute_inspect.trace_target("gemm.sm90:compile_only", arch="sm_90a")
        print(len(t.records))
    """
    set_arch(arch)
    from cute_inspect.trace.tracer import trace

    with trace() as result:
        func = _load(target)
        func(**kwargs)
    result.target = target
    return result
