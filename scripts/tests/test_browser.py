"""The browser check itself: it passes a good report and catches what a reader would see as broken.
Needs Chromium (ci-report.sh installs Debian's `chromium`); skipped where there is none."""
import pytest

import browser_check

pytestmark = pytest.mark.skipif(browser_check.find_browser() is None, reason="no chromium on this machine")


def page(tmp_path, body):
    path = tmp_path / "page.html"
    path.write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body>{body}</body></html>")
    return str(path)


TEXT = "<h1>Some title</h1>" + "<p>" + "words and numbers 1234567890 " * 200 + "</p>"


def test_a_report_passes(tmp_path, v2_report):
    _, out, _ = v2_report
    problems, facts = browser_check.check_page(str(out / "index.html"), str(tmp_path / "shot.png"))
    assert problems == []
    assert facts["images"] > 0 and facts["tables"] > 0
    assert (tmp_path / "shot.png").stat().st_size > 1000


def test_a_console_error_fails(tmp_path):
    problems, _ = browser_check.check_page(page(tmp_path, TEXT + "<script>console.error('broken')</script>"))
    assert any("console.error: broken" in p for p in problems)


def test_an_exception_fails(tmp_path):
    problems, _ = browser_check.check_page(page(tmp_path, TEXT + "<script>undefinedFunction()</script>"))
    assert any("uncaught exception" in p for p in problems)


def test_a_missing_chart_fails(tmp_path):
    problems, _ = browser_check.check_page(page(tmp_path, TEXT + "<img src='missing.svg' alt='chart'>"))
    assert any("chart" in p or "failed" in p for p in problems)


def test_an_external_resource_fails(tmp_path):
    problems, _ = browser_check.check_page(page(tmp_path, TEXT + "<img src='https://example.invalid/a.png' alt='x'>"))
    assert any("outside the page" in p for p in problems)


def test_a_blank_page_fails(tmp_path):
    problems, facts = browser_check.check_page(page(tmp_path, ""))
    assert facts["ink"] == 0 and any("blank" in p for p in problems)
