"""Full-text search over the rulebooks (Whoosh, Janome): the index, the query language and highlighting."""
