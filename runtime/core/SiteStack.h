// The calling thread's stack of active call sites and the request captured for each: pushed by
// commledger_enter, filled and read (the site its calls' correlation ids map to) by the CUPTI
// API-enter callback, popped by commledger_leave.
#pragma once
#include "core/CapturedRequest.h"

#include "commledger/format/SiteId.h"

namespace commledger::rt {

struct SiteFrame {
  format::SiteId site = 0;
  bool captured = false; // the first copy/memset API entered under this site call has been read
  CapturedRequest request;
};

// Fixed capacity and trivially destructible, so a thread_local instance never allocates and
// needs no TLS destructor. Frames past the capacity are counted, not stored: leave stays balanced.
class SiteStack {
public:
  static constexpr unsigned kCapacity = 16;

  void push(format::SiteId site) {
    if (depth_ < kCapacity) {
      frames_[depth_].site = site;
      frames_[depth_].captured = false;
    }
    ++depth_;
  }

  // Returns the popped frame, or nullptr when the stack was empty or the frame overflowed.
  const SiteFrame *pop() {
    if (depth_ == 0)
      return nullptr;
    --depth_;
    return depth_ < kCapacity ? &frames_[depth_] : nullptr;
  }

  // The innermost frame if it can still take a request, else nullptr.
  SiteFrame *frameToCapture() {
    if (depth_ == 0 || depth_ > kCapacity)
      return nullptr;
    SiteFrame &top = frames_[depth_ - 1];
    return top.captured ? nullptr : &top;
  }

  // The innermost site, false when none is active or the stack is past its capacity.
  bool innermostSite(format::SiteId &site) const {
    if (depth_ == 0 || depth_ > kCapacity)
      return false;
    site = frames_[depth_ - 1].site;
    return true;
  }

  unsigned depth() const { return depth_; }

private:
  unsigned depth_ = 0;
  SiteFrame frames_[kCapacity];
};

} // namespace commledger::rt
