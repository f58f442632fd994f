// Implementation of `commledger run`; see RunCommand.h.
#include "commledger/launcher/RunCommand.h"

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

namespace commledger::launcher {
namespace {

bool exists(const std::string &path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

std::string selfDirectory() {
  char buffer[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0)
    return "";
  std::string path(buffer, static_cast<size_t>(n));
  return path.substr(0, path.rfind('/'));
}

std::string absolute(const std::string &path) {
  if (!path.empty() && path[0] == '/')
    return path;
  char cwd[PATH_MAX];
  return getcwd(cwd, sizeof cwd) ? std::string(cwd) + "/" + path : path;
}

bool makeDirectories(const std::string &path) {
  for (size_t pos = 1; pos <= path.size(); ++pos)
    if (pos == path.size() || path[pos] == '/')
      if (mkdir(path.substr(0, pos).c_str(), 0777) != 0 && errno != EEXIST)
        return false;
  return true;
}

// trace-*.json in `dir` with their modification times: what the program wrote is what changed.
std::map<std::string, long long> traceFiles(const std::string &dir) {
  std::map<std::string, long long> files;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.rfind("trace-", 0) != 0 || name.size() < 5 ||
          name.compare(name.size() - 5, 5, ".json") != 0)
        continue;
      struct stat st {};
      if (stat((dir + "/" + name).c_str(), &st) == 0)
        files[name] = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    }
    closedir(d);
  }
  return files;
}

std::string prependPath(const char *variable, const std::vector<std::string> &dirs) {
  std::string value;
  for (const std::string &dir : dirs)
    if (exists(dir))
      value += (value.empty() ? "" : ":") + dir;
  const char *old = std::getenv(variable);
  if (old && *old)
    value += (value.empty() ? "" : ":") + std::string(old);
  return value;
}

void prepareEnvironment(const std::string &outDir, const std::string &library,
                        const RunOptions &options) {
  setenv("COMMLEDGER_OUT", outDir.c_str(), 1);
  if (options.events > 0)
    setenv("COMMLEDGER_EVENTS", std::to_string(options.events).c_str(), 1);
  if (options.checkpointMs >= 0)
    setenv("COMMLEDGER_CHECKPOINT_MS", std::to_string(options.checkpointMs).c_str(), 1);
  if (options.counters)
    setenv("COMMLEDGER_COUNTERS", "1", 1);
  if (!library.empty()) {
    const char *old = std::getenv("LD_PRELOAD");
    const std::string preload = old && *old ? library + ":" + old : library;
    setenv("LD_PRELOAD", preload.c_str(), 1);
  }
  // The runtime dlopens libcupti; make the usual toolkit locations visible to it.
  std::vector<std::string> dirs;
  if (const char *home = std::getenv("CUDA_HOME"))
    dirs.push_back(std::string(home) + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  dirs.push_back("/usr/local/cuda/extras/CUPTI/lib64");
  const std::string libraryPath = prependPath("LD_LIBRARY_PATH", dirs);
  if (!libraryPath.empty())
    setenv("LD_LIBRARY_PATH", libraryPath.c_str(), 1);
}

void reportTraces(const std::string &dir, const std::map<std::string, long long> &before) {
  std::vector<std::string> written;
  for (const auto &[name, mtime] : traceFiles(dir)) {
    auto old = before.find(name);
    if (old == before.end() || old->second != mtime)
      written.push_back(name);
  }
  if (written.empty()) {
    std::fprintf(stderr, "commledger: no trace written in %s (no instrumented site ran and CUPTI "
                         "recorded nothing, or the program was killed by SIGKILL before its first checkpoint)\n", dir.c_str());
  } else if (written.size() == 1) {
    std::fprintf(stderr, "commledger: trace written to %s/%s\n", dir.c_str(), written[0].c_str());
  } else {
    std::string list;
    for (const std::string &name : written)
      list += (list.empty() ? "" : ", ") + name;
    std::fprintf(stderr, "commledger: %zu traces written to %s: %s\n", written.size(),
                 dir.c_str(), list.c_str());
  }
}

} // namespace

std::string findRuntimeLibrary(const RunOptions &options) {
  if (!options.runtimeLibrary.empty())
    return options.runtimeLibrary;
  if (const char *env = std::getenv("COMMLEDGER_RT_LIB"); env && *env)
    return env;
  const std::string candidate = selfDirectory() + "/../lib/libcommledger-rt.so";
  return exists(candidate) ? candidate : "";
}

int runCommand(const RunOptions &options) {
  if (options.argv.empty()) {
    std::fprintf(stderr, "commledger: run: no program given (commledger run -- ./app args)\n");
    return 2;
  }
  const std::string library = findRuntimeLibrary(options);
  if (library.empty())
    std::fprintf(stderr, "commledger: warning: libcommledger-rt.so not found next to the tool "
                         "(set COMMLEDGER_RT_LIB); running without it\n");
  const std::string outDir = absolute(options.outDir);
  if (!makeDirectories(outDir)) {
    std::fprintf(stderr, "commledger: cannot create %s: %s\n", outDir.c_str(),
                 std::strerror(errno));
    return 2;
  }
  const auto before = traceFiles(outDir);

  // Like system(): the terminal's Ctrl-C goes to the program; we wait to report its end.
  struct sigaction ignore {}, oldInt {}, oldQuit {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &oldInt);
  sigaction(SIGQUIT, &ignore, &oldQuit);
  const pid_t child = fork();
  if (child == 0) {
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGQUIT, &oldQuit, nullptr);
    prepareEnvironment(outDir, library, options);
    std::vector<char *> args;
    for (const std::string &arg : options.argv)
      args.push_back(const_cast<char *>(arg.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    std::fprintf(stderr, "commledger: cannot run %s: %s\n", args[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  int code = 127;
  if (child < 0) {
    std::fprintf(stderr, "commledger: cannot start %s: %s\n", options.argv[0].c_str(),
                 std::strerror(errno));
  } else {
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    code = WIFEXITED(status) ? WEXITSTATUS(status)
                             : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  }
  sigaction(SIGINT, &oldInt, nullptr);
  sigaction(SIGQUIT, &oldQuit, nullptr);
  if (child > 0)
    reportTraces(outDir, before);
  return code;
}

} // namespace commledger::launcher
