/* The only header instrumented programs include: enter/leave a call site around one API call.
 * C and C++. The symbols are weak so a program built with CommLedger links and runs unchanged
 * without the runtime; `commledger run` preloads libcommledger-rt.so to bring them in. */
#ifndef COMMLEDGER_SITE_H
#define COMMLEDGER_SITE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Push `site` as the calling thread's current site (and as CUPTI's external correlation id). */
void commledger_enter(unsigned long long site) __attribute__((weak));
/* Pop the current site; classifies what the call just requested and aggregates it. */
void commledger_leave(void) __attribute__((weak));
/* Called inside a launch's site, before the launch: the values its kernel footprint needs, in
 * the order the site database's footprint.launch_values names them; the last `pointers` of the
 * `count` values are pointer arguments (docs/formats.md). */
void commledger_launch_values(const unsigned long long *values, unsigned count,
                              unsigned pointers) __attribute__((weak));

#ifdef __cplusplus
}

namespace commledger_rt {
/* Lives until the end of the full-expression that holds the call: the call runs inside it. */
struct SiteScope {
  explicit SiteScope(unsigned long long site) {
    if (&commledger_enter) commledger_enter(site);
  }
  ~SiteScope() {
    if (&commledger_leave) commledger_leave();
  }
  SiteScope(const SiteScope &) = delete;
  SiteScope &operator=(const SiteScope &) = delete;
};

/* The instrumenter writes `(::commledger_rt::launch_values<P>({v...}), kernel<<<...>>>(...))`
 * inside COMMLEDGER_SITE: the values are side-effect free copies of the launch's own operands. */
template <unsigned Pointers, unsigned N>
inline void launch_values(const unsigned long long (&values)[N]) {
  if (&commledger_launch_values) commledger_launch_values(values, N, Pointers);
}
} /* namespace commledger_rt */

/* Same value, type and value category as the call; the call is evaluated exactly once. */
#define COMMLEDGER_SITE(site, ...) ((void)::commledger_rt::SiteScope(site), __VA_ARGS__)

#else /* C */

static inline void commledger_enter_if_linked(unsigned long long site) {
  if (&commledger_enter) commledger_enter(site);
}
static inline void commledger_leave_if_linked(void) {
  if (&commledger_leave) commledger_leave();
}
/* GNU statement expression: gcc and clang, the host compilers nvcc and our users use. */
#define COMMLEDGER_SITE(site, ...)                                                              \
  __extension__({                                                                              \
    commledger_enter_if_linked(site);                                                          \
    __typeof__(__VA_ARGS__) commledger_result_ = (__VA_ARGS__);                                \
    commledger_leave_if_linked();                                                              \
    commledger_result_;                                                                        \
  })

#endif /* __cplusplus */
#endif /* COMMLEDGER_SITE_H */
