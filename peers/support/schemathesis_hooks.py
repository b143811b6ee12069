"""Schemathesis hooks for jev's API (peers/schemathesis.test.ts loads them with SCHEMATHESIS_HOOKS).

POST /api/replay takes its log as application/x-ndjson, a text body Schemathesis has no serializer for: send the
generated text as it is, as text/plain would be.
"""

import schemathesis

schemathesis.serializer.alias("application/x-ndjson", "text/plain")
