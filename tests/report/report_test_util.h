#ifndef GBREAK_TESTS_REPORT_REPORT_TEST_UTIL_H_
#define GBREAK_TESTS_REPORT_REPORT_TEST_UTIL_H_

#include "report/lint_report.h"
#include "rules/rule.h"

namespace gbreak::testing {

// Two rules and a report with three findings in two files, for the writers' tests.
struct SampleReport {
  Rule print_rule;
  Rule item_rule;
  LintReport report;

  SampleReport() {
    print_rule.code = "SE001";
    print_rule.name = "print-call";
    print_rule.category = "side-effects";
    print_rule.registry_ids = {"GB0059"};
    print_rule.fix = "Guard it.";
    item_rule.code = "CV001";
    item_rule.name = "tensor-item";
    item_rule.category = "conversions";
    item_rule.confidence = Confidence::kLikely;
    item_rule.registry_ids = {"GB0124"};
    report.findings.push_back(Make(print_rule, "a.py", 3, 9, "`print(x)` breaks"));
    report.findings.push_back(Make(item_rule, "a.py", 4, 13, "`x.item()` breaks"));
    report.findings.push_back(Make(print_rule, "b/c.py", 1, 1, "`print()` breaks"));
    report.stats.files_checked = 5;
  }

  static Finding Make(const Rule& rule, std::string path, int line, int column,
                      std::string message) {
    Finding f;
    f.rule = &rule;
    f.path = std::move(path);
    f.start = {static_cast<uint32_t>(line * 10), line, column};
    f.end = {static_cast<uint32_t>(line * 10 + 5), line, column + 5};
    f.message = std::move(message);
    f.confidence = rule.confidence;
    return f;
  }
};

}  // namespace gbreak::testing

#endif  // GBREAK_TESTS_REPORT_REPORT_TEST_UTIL_H_
