"""Make the public CuTeDSL projects importable for compile-only use: checkouts on sys.path, no torch needed.

The checkouts are found through environment variables (defaults: the paths the corpus was measured with):
CUTLASS_DSL_EXAMPLES (CUTLASS's examples/python/CuTeDSL), FLASH_ATTENTION_DIR (a flash-attention checkout),
QUACK_DIR (a quack checkout). Their kernels are imported from there, never copied into this repository.

Both projects import torch at module level for their host-side entry points; compiling a kernel with fake
tensors needs none of it, so a stand-in module answers those imports when torch is not installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
import types

FLASH_ATTENTION_DIR = os.environ.get("FLASH_ATTENTION_DIR", "/tmp/flash-attention")
QUACK_DIR = os.environ.get("QUACK_DIR", "/tmp/quack")


class MissingCheckout(RuntimeError):
    """A public checkout the corpus needs is not where its environment variable points."""


def _require(path: str, variable: str, what: str) -> str:
    if not os.path.isdir(path):
        raise MissingCheckout(f"{path}: {what} checkout is missing; set {variable} to one")
    return path


class _Anything:
    """Stands for any torch attribute at import time: callable, subscriptable, a decorator, a base class."""

    def __init__(self, name: str = "torch"):
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Anything(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and isinstance(args[0], type):
            return args[0]  # a class decorator: leave the class as it is
        if len(args) == 1 and not kwargs and callable(args[0]):
            return _Decorated(args[0], self._name)
        return _Anything(f"{self._name}()")

    def __getitem__(self, _key):
        return self

    def __bool__(self):
        return False  # `torch.cuda.is_available()`: no GPU here

    def __iter__(self):
        return iter(())

    def __or__(self, other):
        return self

    __ror__ = __or__

    def __lt__(self, other):
        return False  # `max(torch._dynamo.config.x, 64)` at import time: keep the stand-in

    __gt__ = __le__ = __ge__ = __lt__

    def __mro_entries__(self, _bases):
        return (object,)

    def __repr__(self) -> str:
        return f"<torch stand-in {self._name}>"


class _Decorated:
    """A function under a torch decorator (`custom_op`): calls go through, the op's own API answers anything."""

    def __init__(self, function, name: str):
        self._function, self._name = function, name
        self.__wrapped__ = function

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Anything(f"{self._name}.{attr}")


_DTYPE_NAME = re.compile(r"^(bfloat|float|u?int|complex)(\d+)(_[a-z0-9]+?)?(_x(\d+))?$|^bool$")


def _dtype(dtype_type: type, name: str):
    """A stand-in dtype: an instance of the stand-in `torch.dtype`, with its name and its `itemsize` in bytes."""
    found = _DTYPE_NAME.match(name)
    bits = int(found.group(2)) * int(found.group(5) or 1) if found.group(2) else 8
    value = dtype_type()
    value.itemsize, value.is_floating_point, value.name = max(1, bits // 8), "float" in name, name
    return value


def _dtype_text(dtype) -> str:
    """`str(torch.bfloat16)` as torch writes it (kernels build compile names from it)."""
    return f"torch.{dtype.name}"


class _TorchStandIn(types.ModuleType):
    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        # type names stay types, so `isinstance(x, torch.Tensor)` answers False instead of failing
        if attr == "dtype":
            value = type(attr, (), {"__str__": _dtype_text, "__repr__": _dtype_text})
        elif attr[0].isupper() or attr == "device":
            value = type(attr, (), {})
        elif _DTYPE_NAME.match(attr):  # module-level tables of dtypes check `isinstance(d, torch.dtype)`
            value = _dtype(self.dtype, attr)
        else:
            value = _Anything(f"torch.{attr}")
        setattr(self, attr, value)
        return value


_HOST_ONLY = ("torch", "triton")  # host-side frameworks the projects import but a compile never calls


class _TorchFinder:
    """Answers `import torch`, `import torch.x.y`, `from triton import y` with stand-in modules."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in _HOST_ONLY:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _TorchStandIn(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        return None


def without_torch() -> None:
    """Install the torch stand-in unless a real torch is importable."""
    if "torch" in sys.modules or importlib.util.find_spec("torch") is not None:
        return  # a real torch (and its triton) is there
    try:  # tvm_ffi adapts to torch when it can import it: let it find none
        importlib.import_module("tvm_ffi")
    except ImportError:
        pass
    if not any(isinstance(f, _TorchFinder) for f in sys.meta_path):
        sys.meta_path.append(_TorchFinder())


def _namespace(name: str, directory: str) -> None:
    """Register package `name` at `directory` without running its __init__ (which imports the runtime API)."""
    if name in sys.modules:
        return
    module = types.ModuleType(name)
    module.__path__ = [directory]
    with open(os.path.join(directory, "__init__.py")) as f:  # its modules may import the version string
        found = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    module.__version__ = found.group(1) if found else "0"
    sys.modules[name] = module


def flash_attn(module: str):
    """Import ``flash_attn.cute.<module>`` from FLASH_ATTENTION_DIR."""
    root = _require(FLASH_ATTENTION_DIR, "FLASH_ATTENTION_DIR", "flash-attention")
    quack()
    without_torch()
    _namespace("flash_attn", os.path.join(root, "flash_attn"))
    _namespace("flash_attn.cute", os.path.join(root, "flash_attn", "cute"))
    return importlib.import_module(f"flash_attn.cute.{module}")


def quack(module: str | None = None):
    """Import ``quack.<module>`` from QUACK_DIR (the package itself when `module` is None)."""
    root = _require(QUACK_DIR, "QUACK_DIR", "quack")
    without_torch()
    if root not in sys.path:
        sys.path.append(root)
    _namespace("quack", os.path.join(root, "quack"))
    importlib.import_module("quack.dsl")  # its CuTe tensor-indexing sugar, as importing quack installs it
    return importlib.import_module(f"quack.{module}") if module else sys.modules["quack"]


def cutlass_example(relative_path: str, *search: str):
    """Import one of CUTLASS's CuTeDSL examples by path (see examples/_cutlass_examples.py)."""
    without_torch()
    return example_wrapper("_cutlass_examples").load(relative_path, *search)


def example_wrapper(name: str):
    """One of the compile-only wrappers in examples/ (they load CUTLASS's examples through CUTLASS_DSL_EXAMPLES)."""
    examples = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if examples not in sys.path:
        sys.path.append(examples)
    return importlib.import_module(name)
