"""What every area of the web shares: error pages and JSON errors, security headers and request limits, the
page cache, rate limits, the rulebook and search services, the link store, URLs of clauses, rendering of clause
text, times. Nothing here imports an area."""
