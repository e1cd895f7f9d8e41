"""LLVM intrinsics callable from the numba kernels of :mod:`textsim.deboom.fused`."""

from __future__ import annotations

from typing import Any

from llvmlite import ir  # type: ignore[import-untyped]
from numba.extending import intrinsic


def llvm_binary(name: str) -> Any:
    """A float binary LLVM intrinsic (``minnum``, ``maxnum``) callable from compiled code:
    numba's own ``min``/``max`` branch and keep a loop from being vectorised; these
    become ``vminps``/``vmaxps``. Equal to ``min``/``max`` for numbers (not NaN)."""

    @intrinsic
    def op(typingctx: Any, a: Any, b: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            kind = args[0].type
            fnty = ir.FunctionType(kind, [kind, kind])
            suffix = "f32" if kind == ir.FloatType() else "f64"
            fn = builder.module.declare_intrinsic(f"llvm.{name}.{suffix}", fnty=fnty)
            return builder.call(fn, args)

        return a(a, b), codegen

    return op


def llvm_prefetch_row() -> Any:
    """``prefetch_row(table, row)`` callable from compiled code: asks the CPU to bring
    row ``row`` of the C-contiguous 2-D ``table`` into cache (``llvm.prefetch``, one per
    64-byte line; a hint, with no effect on results)."""
    from numba.core import cgutils, types

    llvm: Any = cgutils  # untyped helpers

    @intrinsic
    def prefetch_row(typingctx: Any, table: Any, row: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            arr = context.make_array(signature.args[0])(context, builder, args[0])
            i8p = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            base = builder.bitcast(arr.data, i8p)
            nbytes = llvm.unpack_tuple(builder, arr.strides, 2)[0]
            start = builder.gep(base, [builder.mul(nbytes, builder.sext(args[1], nbytes.type))])
            fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
            fn = llvm.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0i8")
            step = nbytes.type(64)
            with llvm.for_range_slice(builder, nbytes.type(0), nbytes, step) as (off, _):
                # read access, keep in all cache levels, data cache
                builder.call(fn, [builder.gep(start, [off]), i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return types.void(table, row), codegen

    return prefetch_row
