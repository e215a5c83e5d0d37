#!/bin/sh
# need_tshark.sh COMMAND [ARG...]: runs COMMAND when tshark is installed.
# Without tshark the ctest test is reported as skipped (exit 77, its
# SKIP_RETURN_CODE), never as passed; with CI=true it fails instead, as
# tests/support/skip.hpp does for the gtest tests.
if ! command -v tshark >/dev/null 2>&1; then
  if [ "$CI" = true ]; then
    echo "CI=true: tshark is not installed, and this oracle needs it" >&2
    exit 1
  fi
  echo "tshark not installed: skipped" >&2
  exit 77
fi
exec "$@"
