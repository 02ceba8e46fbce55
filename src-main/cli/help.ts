import { DEFAULT_IMAGE_DPI, MAX_IMAGE_DPI } from '../../src-shared/export-options';

export const MAIN_HELP = `Usage: stratum <command> [options]

Commands:
  chunk <file|folder>...   chunk documents into canonical JSON, JSONL or docling-core chunk JSON
  parse <file>             print a parsed document (DoclingDocument JSON or canonical blocks)
  eval                     score chunk configs by retrieval over a question set (chunkeval's metrics)

Options:
  -h, --help               show help (also: stratum <command> --help)
  -V, --version            show the version

Exit codes: 0 done, 1 some file failed, 2 wrong command line or config,
3 stopped by --fail-fast at the first failed file, 130 stopped by Ctrl-C.
`;

export const CHUNK_HELP = `Usage: stratum chunk <file|folder>... [options]

Folders are read recursively (files with a supported extension). Each input gives one output file;
a file that cannot be read prints one "error: <file>: <message>" line and the batch goes on.

Options:
  -o, --output <file|folder>  output file (one input) or folder (<stem>.json / .jsonl, subfolders
                              mirrored); without it a single input is written to stdout
  --config <file>             config file, JSON or YAML: { strategy, tokenizer, maxTokens, ...options }
  --pipeline-config <file>    pipeline config, JSON or YAML: { chunker: <config>, enrich: [steps], onError, llm }
                              runs the enrichment steps (keywords ...) after chunking; not with --config;
                              steps that ask an LLM print what they would use and then used ("llm:" lines)
  --estimate                  with an llm: block: print what the LLM requests would use (tokens, cost)
                              and stop: nothing is sent and nothing is written
  --strategy <name>           chunking strategy (default: hybrid); overrides the config file
  --tokenizer <id>            tokenizer (default: hf:sentence-transformers/all-MiniLM-L6-v2)
  --max-tokens <n>            token limit per chunk (default: the tokenizer's model limit)
  --include-notes             chunk speaker notes and comments (PPTX, XLSX) with the body
                              (config: includeNotes: true); left out by default
  --no-picture-text           leave out the text inside pictures (a diagram's labels), as
                              Docling's chunkers do (config: includePictureText: false);
                              chunked after each picture by default
  --format <format>           canonical (default), jsonl (one chunk per line) or docling
                              (docling-core's {"root": [...]} chunk JSON)
  --workers <n>               parallel worker threads (default: up to the number of cores)
  --password <password>       password of encrypted PDFs
  --no-ocr                    leave scanned PDF pages (no text layer) without text instead of
                              reading them with the built-in OCR
  --ocr-json <file>           OCR-JSON (resources/ocr-json.md) for the scanned pages of the one
                              input PDF: its pages fill the PDF's scanned pages of the same number
  --xlsx-values <mode>        XLSX cell text: docling (default), the value as Docling reads it
                              (2024-01-01 00:00:00, 0.25, True), or formatted, as the sheet's
                              number format shows it (1/1/2024, 25%, TRUE)
  --progress                  show a progress bar on stderr (always on when stderr is a terminal)
  --artifacts <folder>        also write every picture as <stem>_img_001.png and every table as
                              <stem>_table_001.md into this folder; chunks name the files they hold
  --image-dpi <n>             resolution of pictures rendered from PDF pages (default: ${DEFAULT_IMAGE_DPI},
                              at most ${MAX_IMAGE_DPI})
  --no-contextualized-text    leave contextualized_text (heading path and captions before the
                              text) out of every chunk of canonical and JSONL output
  --shard <i>/<n>             only the inputs whose path hashes to shard i of n (0 <= i < n): n jobs
                              with the same arguments split the inputs between them, exactly once
  --resume                    skip inputs the output folder's manifests list as done from the same
                              bytes and settings, with their output still there
  --fail-fast                 start no more inputs after the first failed one (exit code 3)
  --manifest                  write the run's manifest into the -o folder (implied by --shard and
                              --resume)
  -h, --help                  show this help

The manifest is written into the -o folder as inputs finish: stratum-manifest.jsonl
(stratum-manifest.<i>-of-<n>.jsonl for a shard), one JSON line per input: input, hash, config,
status (ok|failed), output, chunks, seconds, error.
`;

export const PARSE_HELP = `Usage: stratum parse <file> [options]

Options:
  --format <format>        docling (default): the document as DoclingDocument JSON;
                           canonical-blocks: its items in reading order with source spans and pages
  -o, --output <file>      write to a file instead of stdout
  --password <password>    password of an encrypted PDF
  --no-ocr                 leave scanned PDF pages (no text layer) without text instead of
                           reading them with the built-in OCR
  --ocr-json <file>        OCR-JSON (resources/ocr-json.md) whose pages fill the PDF's scanned
                           pages of the same number
  --xlsx-values <mode>     XLSX cell text: docling (default), the value as Docling reads it
                           (2024-01-01 00:00:00, 0.25, True), or formatted, as the sheet's
                           number format shows it (1/1/2024, 25%, TRUE)
  -h, --help               show this help
`;

export const EVAL_HELP = `Usage: stratum eval --questions <csv|json> --corpus <dir|file> --config <file> [options]

Chunks every document of the corpus under each config, puts all chunks in one pool, retrieves the
top k for every question and prints recall, precision, IoU and precision-Ω (chunkeval's span
metrics, in %), MRR and nDCG per config and per corpus. A document's corpus id is its file name
without extension; references are [start, end) code points of the source file.

Options:
  --questions <file>          question set: chunkeval's CSV (question, references, corpus_id) or
                              the JSON form of resources/question-set.md
  --corpus <dir|file>         the documents the questions refer to (folders recursively)
  --config <file>             chunk config (JSON or YAML), as for stratum chunk; repeat for A/B
  --sweep <file>              sweep file: { base, configs: [...], grid: { key: [values] } }; its
                              configs come after the --config ones
  --retriever <kind>          bm25 (default), dense or hybrid (dense needs an embedding: block)
  --k <n>                     chunks retrieved per question (default 5)
  --retrieval-config <file>   retrieval settings: searchText, bm25 {k1, b}, rrfK, candidates,
                              rerank, expansion, expansionTokens, embedding: and llm: blocks
  --json <file>               write {"results": [...]}, one entry per config, metrics as fractions
  --csv <file>                write one CSV line per config (with its Pareto flags)
  --chart <file.svg>          write the chart of recall against tokens read
  --iou-chart <file.svg>      write the chart of IoU against chunk count
  --baseline <strategy>       with two configs of it or more, print how far every other config lies
                              above its curve: recall at equal mean chunk size, IoU at equal recall
                              (default fixed-characters)
  -h, --help                  show this help

Progress goes to stderr; Ctrl-C stops the run.
`;
