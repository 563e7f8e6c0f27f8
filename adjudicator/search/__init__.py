"""Full-text search over the rulebooks (Whoosh, MeCab): the index, the query language and highlighting."""
