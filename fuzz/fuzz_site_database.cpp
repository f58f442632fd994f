// libFuzzer target of the site database reader (format::parseSiteDatabase).
#include "FuzzCheck.h"
#include "commledger/format/SiteDatabase.h"

#include <cstddef>
#include <cstdint>

using namespace commledger;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  format::SiteDatabase db;
  std::string error;
  if (!format::parseSiteDatabase(text, fuzz::kInputPath, db, error)) {
    fuzz::requireOneErrorLine(error, fuzz::kInputPath);
    return 0;
  }
  // What the reader accepts, the writer must write so that the reader reads the same back.
  std::string written = format::toJsonText(db);
  format::SiteDatabase again;
  fuzz::require(format::parseSiteDatabase(written, "again.json", again, error),
                "written site database does not read back", error);
  fuzz::require(format::toJsonText(again) == written, "site database round trip changed it",
                written);
  return 0;
}
