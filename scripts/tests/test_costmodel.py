"""The least-squares fit and the cost model built on it."""
import csv
import io

import pytest

from rxtools import costmodel, rxcsv
from conftest import MAP_DEPTH_LINES


def test_exact_recovery_of_a_known_line():
    points = [(x, 17.5 + 3.25 * x) for x in (1, 2, 4, 8, 16, 32, 64)]
    fixed, slope, r2 = costmodel.least_squares(points)
    assert fixed == pytest.approx(17.5, abs=1e-9)
    assert slope == pytest.approx(3.25, abs=1e-9)
    assert r2 == pytest.approx(1.0, abs=1e-12)


def test_exact_recovery_of_a_negative_slope_and_zero_intercept():
    fixed, slope, r2 = costmodel.least_squares([(x, -0.5 * x) for x in (0, 1, 100, 10000)])
    assert (fixed, slope) == (pytest.approx(0, abs=1e-9), pytest.approx(-0.5, abs=1e-12))
    assert r2 == pytest.approx(1.0)


def test_a_fit_by_hand():
    # mean x = 1, mean y = 2, Sxy = 1, Sxx = 2: slope 0.5, fixed 1.5; residuals -0.5, 1, -0.5: R^2 = 1 - 1.5 / 2.
    fixed, slope, r2 = costmodel.least_squares([(0, 1), (1, 3), (2, 2)])
    assert (fixed, slope, r2) == (pytest.approx(1.5), pytest.approx(0.5), pytest.approx(0.25))


def test_equal_values_fit_flat_with_no_r2():
    fixed, slope, r2 = costmodel.least_squares([(1, 312), (10, 312), (64, 312)])
    assert (fixed, slope, r2) == (312, 0, None)


def test_one_x_cannot_be_fitted():
    with pytest.raises(ValueError):
        costmodel.least_squares([(4, 1), (4, 2), (4, 3)])


def fits_of(path):
    return costmodel.fit_run(rxcsv.load(path))


def test_map_depth_recovers_each_engines_line(v2_csv):
    fits = [f for f in fits_of(v2_csv) if f.model.sweep.workload == "MapDepth" and f.model.metric == "ns_per_event"]
    assert {f.engine for f in fits} == set(MAP_DEPTH_LINES)     # libraries and stage-loop included
    for fit in fits:
        fixed, slope = MAP_DEPTH_LINES[fit.engine]
        assert fit.fixed == pytest.approx(fixed, abs=1e-4)
        assert fit.slope == pytest.approx(slope, abs=1e-6)
        assert fit.r2 == pytest.approx(1.0)
        assert [x for x, _ in fit.points] == [1, 2, 4, 8, 16, 32, 64]
        assert fit.slope_unit == "ns/event per stage"


def test_two_points_get_no_fit_and_both_are_named(v2_csv):
    fits = [f for f in fits_of(v2_csv) if f.model.sweep.workload == "NeverMapLifecycle"]
    assert fits and all(f.slope is None and f.points == [] for f in fits)
    for fit in fits:
        assert "fewer than 3" in fit.note
        assert [x for x, _ in fit.left_out] == [1, 10]
        assert all("no fit" in reason for _, reason in fit.left_out)


def test_an_unavailable_point_is_left_out_with_its_reason(v2_csv):
    fit = next(f for f in fits_of(v2_csv) if f.engine == "async-stream" and f.model.sweep.workload == "DisposeLatency"
               and f.model.sweep.x == "depth" and f.model.metric == "dispose_latency" and f.statistic == "p50")
    # Two usable points remain, so there is no fit either, and those two are named as well.
    assert fit.slope is None
    assert fit.left_out == [(64, "unavailable on this platform"), (1, "fewer than 3 points: no fit"),
                            (10, "fewer than 3 points: no fit")]
    other = next(f for f in fits_of(v2_csv) if f.engine == "sink" and f.title == fit.title)
    assert other.slope == pytest.approx(5.0) and other.fixed == pytest.approx(95.0)


def test_each_disposal_order_is_its_own_sibling_fit(v2_csv):
    fits = [f for f in fits_of(v2_csv) if f.engine == "baseline" and f.model.sweep.x == "siblings"
            and f.statistic == "p50"]
    assert sorted(f.fixed_parameters for f in fits) == ["depth=1,order=newest", "depth=1,order=oldest",
                                                       "depth=1,order=random"]
    for fit in fits:
        assert fit.slope == pytest.approx(0.25)
        assert fit.slope_unit == "ns per sibling"


def test_the_csv_has_one_row_per_fit_with_points_and_reasons(v2_csv):
    fits = fits_of(v2_csv)
    table = list(csv.DictReader(io.StringIO(costmodel.to_csv(fits))))
    assert len(table) == len(fits)
    assert list(table[0].keys()) == costmodel.CSV_COLUMNS
    no_fit = next(r for r in table if r["workload"] == "NeverMapLifecycle")
    assert no_fit["per_x"] == "" and "fewer than 3 points" in no_fit["left_out"]
    sink = next(r for r in table if r["workload"] == "MapDepth" and r["engine"] == "sink")
    assert float(sink["per_x"]) == pytest.approx(9.5) and sink["n_points"] == "7"


def test_the_committed_schema1_results_fit(tmp_path):
    run = rxcsv.load(f"{costmodel.__file__.rsplit('/', 2)[0]}/../results/2026-11-22-standard/system.csv")
    fits = costmodel.fit_run(run)
    assert any(f.slope is not None for f in fits)
