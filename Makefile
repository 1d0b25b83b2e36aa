# rfsym — every target creates/refreshes .venv itself (pinned by constraints.txt).
#   make test       pytest over tests/, doctests of rfsym, every notebook under nbval
#   make book       build the HTML book into _build/html (Jupyter Book 1, offline MathJax; notebooks run in parallel)
#   make notebooks  write runnable .ipynb copies of the MyST notebooks into _build/notebooks
#   make bench      run the benchmarks and write _build/bench.md
#   make verify     recompute every claim of the registry (python -m rfsym verify)
#   make book-check open every page in headless Chromium offline at 1280 and 390 px (after make book)
#   make experiments rerun the papers' real-data experiments (MNIST, CIFAR-10, UCI; ~40 CPU-min on one
#                   core, progress on stderr) and rewrite the cache rfsym/data/results/*.json
#   make wild       check the installed random-feature packages (numpy, scipy, sklearn, rfflearn, jax,
#                   torch + performer-pytorch) and rewrite rfsym/data/results/wild-<backend>-cpu.json
#   make audit      mutation audit of every paper module; writes book/audit_report.json (the book's page)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.rfsym-installed
JOBS   ?= 2

export PYTHONHASHSEED := 0
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# one BLAS thread per process: the small (d = 64) factorisations are faster, and pytest-xdist runs
# two processes on the two cores
export OPENBLAS_NUM_THREADS := 1
export OMP_NUM_THREADS := 1
# claim results cached on disk, keyed on every file of rfsym/ and the numerical packages' versions
# (rfsym.claims.runner.cache_key): the notebooks under nbval, the book and `make verify` share them
CLAIMS_CACHE := $(CURDIR)/_build/claims-cache

.PHONY: all install test test-notebooks book book-check notebooks bench verify audit experiments wild clean

all: test

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e ".[test,book,wild]"
	@touch $(STAMP)

install: $(STAMP)

# the unit tests and the doctests in one pytest session (one start of the workers, one tail)
test: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) -q -p no:cacheprovider --doctest-modules tests rfsym
	$(MAKE) --no-print-directory test-notebooks

test-notebooks: $(STAMP)
	@rm -rf _build/nbval
	@$(BIN)/python tools/notebooks_to_ipynb.py _build/nbval > /dev/null
	RFSYM_CACHE=$(CLAIMS_CACHE) $(BIN)/python -m pytest -n $(JOBS) --dist loadfile -v -p no:cacheprovider --nbval-lax _build/nbval

book: $(STAMP)
	# notebooks executed $(JOBS) at a time, only those whose inputs changed (execution cache _build/nb-cache, keyed on
	# each notebook's text, the files its kernel read, the package versions); the HTML rebuilt only when something
	# changed (tools/build_book.py; --force re-executes everything)
	RFSYM_CACHE=$(CLAIMS_CACHE) $(BIN)/python tools/build_book.py --jobs $(JOBS)
	@echo "book written to _build/html/index.html"

# needs Debian's chromium (apt-get install chromium): typeset math and figures with the network blocked
book-check: $(STAMP)
	$(BIN)/python tools/check_book_offline.py _build/html

notebooks: $(STAMP)
	@$(BIN)/python tools/notebooks_to_ipynb.py _build/notebooks

bench: $(STAMP)
	$(BIN)/python bench/run.py --out _build/bench.md

verify: $(STAMP)
	RFSYM_CACHE=$(CLAIMS_CACHE) $(BIN)/python -m rfsym verify --jobs $(JOBS)

experiments: $(STAMP)
	$(BIN)/python -m rfsym experiments

# backends whose packages are not installed are skipped with a one-line reason (torch, jax: use a venv
# that has them; the GPU rows: PYTHONPATH=. python3 -m rfsym.wild --backend torch --device cuda --out ...)
wild: $(STAMP)
	$(BIN)/python -m rfsym.wild

# every public function of the paper modules perturbed by 1e-3, 1e-2 and a sign flip; the claims that
# call it are rerun (progress on stderr); the JSON report is committed and rendered as book/audit.md
audit: $(STAMP)
	$(BIN)/python -m rfsym audit --jobs $(JOBS) --json-out book/audit_report.json --out _build/audit.md

clean:
	rm -rf _build .pytest_cache
