// The frontend action and factory that ClangTool runs for commledger-instrument.
#include "InstrumentConsumer.h"

#include "clang/Frontend/FrontendAction.h"

namespace commledger::instrument {
namespace {
class InstrumentAction : public clang::ASTFrontendAction {
public:
  InstrumentAction(const InstrumentOptions &options, std::vector<InstrumentedUnit> &results)
      : options_(options), results_(results) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    results_.emplace_back();
    return createInstrumentConsumer(CI, options_, results_.back());
  }

private:
  const InstrumentOptions &options_;
  std::vector<InstrumentedUnit> &results_;
};

class InstrumentActionFactory : public clang::tooling::FrontendActionFactory {
public:
  InstrumentActionFactory(const InstrumentOptions &options, std::vector<InstrumentedUnit> &results)
      : options_(options), results_(results) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<InstrumentAction>(options_, results_);
  }

private:
  InstrumentOptions options_;
  std::vector<InstrumentedUnit> &results_;
};
} // namespace

std::unique_ptr<clang::ASTConsumer> createInstrumentConsumer(clang::CompilerInstance &CI,
                                                             const InstrumentOptions &options,
                                                             InstrumentedUnit &out) {
  return std::make_unique<InstrumentConsumer>(CI, options, out);
}

std::unique_ptr<clang::tooling::FrontendActionFactory>
newInstrumentActionFactory(const InstrumentOptions &options, std::vector<InstrumentedUnit> &results) {
  return std::make_unique<InstrumentActionFactory>(options, results);
}

} // namespace commledger::instrument
