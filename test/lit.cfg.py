# lit configuration shared by the plugin, reconcile and gpu suites.
import os
import shutil
import subprocess

import lit.formats


def configure():
    config.name = "CommLedger"
    config.test_format = lit.formats.ShTest(True)
    config.suffixes = [".cu", ".c", ".cpp", ".test"]
    config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit"]
    config.test_source_root = os.path.dirname(__file__)
    config.test_exec_root = os.path.join(config.commledger_obj_root, "test")

    config.environment["PATH"] = os.pathsep.join(
        [config.commledger_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
    passed = ("HOME", "TMPDIR", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES", "NCCL_NVLS_ENABLE",
              "COMMLEDGER_RESOURCE_DIR", "COMMLEDGER_FIXTURE_DIR", "COMMLEDGER_RT_INCLUDE",
              "COMMLEDGER_RT_LIB")
    for var in passed:
        if var in os.environ:
            config.environment[var] = os.environ[var]
    config.environment["NO_COLOR"] = "1"


    def tool(name):
        return os.path.join(config.commledger_bin_dir, name)


    config.substitutions.append(("%commledger-instrument", tool("commledger-instrument")))
    config.substitutions.append(("%commledger-cc", tool("commledger-cc")))
    config.substitutions.append(("%commledger", tool("commledger")))
    config.substitutions.append(("%plugin", os.path.join(config.commledger_lib_dir, "CommLedgerPlugin.so")))
    config.substitutions.append(("%rtlib", os.path.join(config.commledger_lib_dir, "libcommledger-rt.so")))
    config.substitutions.append(("%rt_include", config.commledger_rt_include))
    config.substitutions.append(("%nvcc", config.nvcc + " -ccbin g++"))
    config.substitutions.append(("%clangxx", config.clang))
    config.substitutions.append(("%clang_c", config.clang_c))
    # Each suite keeps its inputs beside its tests; lit expands %S after our substitutions.
    config.substitutions.append(("%inputs", "%S/Inputs"))
    config.substitutions.append(("%fixtures", os.path.join(config.test_source_root, "fixtures")))
    config.substitutions.append(("%src_root", config.commledger_src_root))
    # test/cmake: configure and install from the build tree; nvcc as a plain path for CMake.
    config.substitutions.append(("%obj_root", config.commledger_obj_root))
    config.substitutions.append(("%cmake", shutil.which("cmake") or "cmake"))
    config.substitutions.append(("%cuda_compiler", config.nvcc))

    if config.nvcc and os.path.exists(config.nvcc):
        config.available_features.add("nvcc")
    for program in ("cmake", "ninja", "make"):
        if shutil.which(program):
            config.available_features.add(program)
    if config.sanitized:
        config.available_features.add("sanitized")
    # Debian's chromium (scripts/setup.sh installs it) renders the HTML report in the browser test.
    if os.path.exists("/usr/bin/chromium"):
        config.available_features.add("chromium")


    def gpu_count():
        smi = shutil.which("nvidia-smi")
        if not smi:
            return 0
        try:
            out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return 0
        return sum(1 for line in out.splitlines() if line.startswith("GPU "))


    gpus = gpu_count()
    if gpus >= 1:
        config.available_features.add("cuda-gpu")
    for n in (2, 4, 8):
        if gpus >= n:
            config.available_features.add("gpus-%d" % n)


# Run on the source tree (lit test/gpu), lit needs the generated site config first: it sets the
# paths and loads this file again.
if not hasattr(config, "commledger_src_root"):
    site = lit_config.params.get("site_config") or os.environ.get("COMMLEDGER_LIT_SITE_CFG")
    if not site:
        lit_config.fatal("run lit on the build tree (build/test) or pass --param site_config=FILE")
    lit_config.load_config(config, site)
else:
    configure()
