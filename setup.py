"""The compiled solver kernel (everything else is in pyproject.toml).

``kozyr.bots.solver.ckernel`` is optional: where no C compiler is present the build skips it
and the pure-Python solvers run (kozyr.bots.solver.kernel).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "kozyr.bots.solver.ckernel",
            sources=["src/kozyr/bots/solver/ckernel.c",
                     "src/kozyr/bots/solver/thousand_kernel.c"],
            depends=["src/kozyr/bots/solver/kernel_common.h"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
