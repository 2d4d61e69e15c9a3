"""scikit-learn and SciPy accept th tensors through the array API standard
(x.__array_namespace__() is th.array_api): estimators fit and predict with th tensors in
sklearn's array_api_dispatch mode and return th tensors equal to numpy's results; SciPy's
array-API-aware functions (SCIPY_ARRAY_API=1) return th tensors equal to numpy's.

Both modes must be switched on before scipy is first imported, so the checks run in a
child interpreter (one for the whole module) that prints its findings as JSON. Skipped
without scikit-learn / array-api-compat (`tox -e array-api` installs them)."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("sklearn")
pytest.importorskip("array_api_compat")

CHILD = textwrap.dedent("""
    import json, os
    os.environ["SCIPY_ARRAY_API"] = "1"
    import numpy as np
    import sklearn
    import scipy.special, scipy.stats, scipy.cluster.vq, scipy.integrate, scipy.signal
    from sklearn.decomposition import PCA
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import Ridge
    from sklearn.preprocessing import MinMaxScaler, StandardScaler
    import th

    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 5))
    y = (X[:, 0] + 0.3 * rng.standard_normal(40) > 0).astype(np.int64)
    yr = X @ np.arange(5.0) + 0.1 * rng.standard_normal(40)
    Xt, yt, yrt = th.asarray(X), th.asarray(y), th.asarray(yr)

    def compare(got, want, signs=False):
        if not isinstance(got, th.Tensor):
            return {"type": type(got).__name__}
        g = np.asarray(got.numpy())
        if signs:  # PCA's components are defined up to sign
            g, want = np.abs(g), np.abs(want)
        return {"type": "Tensor", "close": bool(np.allclose(g, want, rtol=1e-7, atol=1e-9)),
                "shape": list(g.shape) == list(np.shape(want))}

    estimators = {
        "PCA": (lambda: PCA(n_components=3, svd_solver="full"), False, "transform", True),
        "LinearDiscriminantAnalysis": (LinearDiscriminantAnalysis, True, "predict", False),
        "Ridge": (lambda: Ridge(solver="svd"), "r", "predict", False),
        "StandardScaler": (StandardScaler, False, "transform", False),
        "MinMaxScaler": (MinMaxScaler, False, "transform", False),
    }
    results = {}
    for name, (make, target, method, signs) in estimators.items():
        args_t = (Xt,) + ((yt,) if target is True else (yrt,) if target == "r" else ())
        args_n = (X,) + ((y,) if target is True else (yr,) if target == "r" else ())
        try:
            with sklearn.config_context(array_api_dispatch=True):
                got = getattr(make().fit(*args_t), method)(Xt)
            want = getattr(make().fit(*args_n), method)(X)
            results[name] = compare(got, want, signs)
        except Exception as e:
            results[name] = {"error": f"{type(e).__name__}: {e}"}

    P = np.abs(X) + 0.1
    scipy_cases = {
        "special.logsumexp": lambda a, p: scipy.special.logsumexp(a, axis=0),
        "special.softmax": lambda a, p: scipy.special.softmax(a, axis=1),
        "special.log_softmax": lambda a, p: scipy.special.log_softmax(a, axis=1),
        "special.expit": lambda a, p: scipy.special.expit(a),
        "special.erf": lambda a, p: scipy.special.erf(a),
        "special.gammaln": lambda a, p: scipy.special.gammaln(p),
        "special.entr": lambda a, p: scipy.special.entr(p),
        "special.xlogy": lambda a, p: scipy.special.xlogy(p, p),
        "special.ndtr": lambda a, p: scipy.special.ndtr(a),
        "stats.rankdata": lambda a, p: scipy.stats.rankdata(a, axis=0),
        "cluster.vq.whiten": lambda a, p: scipy.cluster.vq.whiten(a),
        "integrate.trapezoid": lambda a, p: scipy.integrate.trapezoid(a, axis=0),
        "signal.detrend": lambda a, p: scipy.signal.detrend(a, axis=0),
        # scipy.stats' moment family and tests read x.device
        "stats.zscore": lambda a, p: scipy.stats.zscore(a, axis=0),
        "stats.skew": lambda a, p: scipy.stats.skew(a, axis=0),
        "stats.kurtosis": lambda a, p: scipy.stats.kurtosis(a, axis=0),
        "stats.moment": lambda a, p: scipy.stats.moment(a, order=3, axis=0),
        "stats.variation": lambda a, p: scipy.stats.variation(a, axis=0),
        "stats.gmean": lambda a, p: scipy.stats.gmean(p, axis=0),
        "stats.hmean": lambda a, p: scipy.stats.hmean(p, axis=0),
        "stats.pmean": lambda a, p: scipy.stats.pmean(p, 2.0, axis=0),
        "stats.sem": lambda a, p: scipy.stats.sem(a, axis=0),
        "stats.entropy": lambda a, p: scipy.stats.entropy(p, axis=0),
        "stats.describe.variance": lambda a, p: scipy.stats.describe(a, axis=0).variance,
        "stats.pearsonr.statistic": lambda a, p: scipy.stats.pearsonr(a[:, 0], a[:, 1]).statistic,
        "stats.ttest_1samp.pvalue": lambda a, p: scipy.stats.ttest_1samp(a, 0.0, axis=0).pvalue,
        "stats.ttest_ind.pvalue": lambda a, p: scipy.stats.ttest_ind(a[:20], a[20:], axis=0).pvalue,
        "stats.ttest_rel.pvalue": lambda a, p: scipy.stats.ttest_rel(a[:20], a[20:], axis=0).pvalue,
    }
    for name, f in scipy_cases.items():
        try:
            results["scipy." + name] = compare(f(Xt, th.asarray(P)), f(X, P))
        except Exception as e:
            results["scipy." + name] = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def results():
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), here) if p)
    run = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("estimator", ["PCA", "LinearDiscriminantAnalysis", "Ridge",
                                       "StandardScaler", "MinMaxScaler"])
def test_sklearn_fits_and_predicts_with_th_tensors(results, estimator):
    assert results[estimator] == {"type": "Tensor", "close": True, "shape": True}


@pytest.mark.parametrize("function", [
    "special.logsumexp", "special.softmax", "special.log_softmax", "special.expit",
    "special.erf", "special.gammaln", "special.entr", "special.xlogy", "special.ndtr",
    "stats.rankdata", "cluster.vq.whiten", "integrate.trapezoid", "signal.detrend",
    "stats.zscore", "stats.skew", "stats.kurtosis", "stats.moment", "stats.variation",
    "stats.gmean", "stats.hmean", "stats.pmean", "stats.sem", "stats.entropy",
    "stats.describe.variance", "stats.pearsonr.statistic", "stats.ttest_1samp.pvalue",
    "stats.ttest_ind.pvalue", "stats.ttest_rel.pvalue"])
def test_scipy_array_api_functions_take_th_tensors(results, function):
    assert results["scipy." + function] == {"type": "Tensor", "close": True, "shape": True}
