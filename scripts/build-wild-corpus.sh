#!/usr/bin/env bash
# Builds a corpus of real PDFs with outlines for `npm run eval:parse -- --outline <dir>`, outside the
# repository (default ../corpus-wild2 beside it; about 60 MB): PDFs that Debian's documentation
# packages ship, and HTML, AsciiDoc and groff documents of those packages turned into PDFs with
# outlines by Chromium, LibreOffice, WeasyPrint, htmldoc, asciidoctor-pdf and Ghostscript.
# Only Debian's apt is used (`apt-get download` + `dpkg-deb -x`; the converters are installed with
# apt-get when missing, which needs root). Writes manifest.tsv (file, source, licence, producer,
# pages, outline entries and depth, language, kind, part) and licences/<package>.copyright.
# The held-out part is the rule eval:parse applies: SHA-256 of the file name below 0x40.
#
#   scripts/build-wild-corpus.sh [<out-dir>]
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$repo/../corpus-wild2}")
work="$out/.work"
mkdir -p "$out/licences" "$work/debs" "$work/extract"

# --- tools -----------------------------------------------------------------------------------------
tools=(poppler-utils poppler-data qpdf python3 chromium libreoffice-writer-nogui weasyprint ruby-asciidoctor-pdf
  groff ghostscript htmldoc fonts-wqy-microhei fonts-ipafont-gothic fonts-dejavu-core)
missing=()
for tool in "${tools[@]}"; do dpkg -s "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if ((${#missing[@]} > 0)); then
  echo "installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# --- sources ---------------------------------------------------------------------------------------
packages=(debian-reference-en debian-reference-zh-cn debian-reference-ja debian-reference-de debian-reference-fr
  debian-faq debian-policy developers-reference developers-reference-de maint-guide-ru maint-guide-zh-cn
  maint-guide-zh-tw maint-guide-fr maint-guide-de debmake-doc gnuplot-doc r-doc-pdf ghostscript-doc xfig-doc
  fonts-hosny-amiri texlive-lang-arabic texlive-lang-other texlive-lang-korean texlive-lang-cyrillic groff groff-base git-doc)
(cd "$work/debs" && apt-get download -qq "${packages[@]}" 2>/dev/null)
for deb in "$work/debs"/*.deb; do
  package=$(basename "$deb" | cut -d_ -f1)
  [[ -d "$work/extract/$package" ]] || dpkg-deb -x "$deb" "$work/extract/$package"
done
src() { echo "$work/extract/$1/$2"; }

manifest="$out/manifest.tsv"
printf 'file\tsource\tlicence\tproducer\tpages\toutline_n\toutline_depth\tlanguage\tkind\tpart\n' >"$manifest"

# Appends a manifest row for $out/$file and keeps the package's copyright file beside the corpus.
record() {
  local file=$1 package=$2 origin=$3 language=$4 kind=$5
  local pdf="$out/$file" copyright
  # groff's doc folder is a link into groff-base's, which holds the copyright file.
  local docs=("$work/extract/$package/usr/share/doc" "$work/extract/$package-base/usr/share/doc")
  copyright=$({ find "${docs[@]}" -name copyright -type f 2>/dev/null || true; } | head -1)
  cp "$copyright" "$out/licences/$package.copyright"
  local licence producer pages outline part
  licence=$(grep -m1 '^License:' "$copyright" | sed 's/^License: *//' || true)
  producer=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Producer: *//p' | head -1)
  pages=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
  outline=$({ qpdf --json --json-key=outlines "$pdf" 2>/dev/null || true; } | python3 -c '
import json, sys
def walk(items, depth):
    return [d for item in items for d in [depth] + walk(item.get("kids", []), depth + 1)]
depths = walk(json.load(sys.stdin).get("outlines", []), 1)
print(f"{len(depths)}\t{max(depths, default=0)}")')
  part=dev
  (($((16#$(printf %s "$file" | sha256sum | cut -c1-2))) < 64)) && part=held-out
  printf '%s\tdeb:%s (%s)\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$package" "$origin" "${licence:-see licences/$package.copyright}" \
    "$producer" "$pages" "$outline" "$language" "$kind" "$part" >>"$manifest"
}

# A PDF a package ships: <file> <package> <path in the package> <language> <kind>
shipped() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  local from
  from=$(src "$package" "$path")
  [[ -f "$from" ]] || from=$(src "$package" "$path.gz")
  if [[ "$from" == *.gz ]]; then gunzip -c "$from" >"$out/$file"; else cp "$from" "$out/$file"; fi
  record "$file" "$package" "/$path" "$language" "$kind"
}

# An HTML page printed by headless Chromium, with the document outline it builds from the headings.
chromium_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --generate-pdf-document-outline \
    --print-to-pdf="$out/$file" "file://$(src "$package" "$path")" 2>/dev/null
  record "$file" "$package" "$path, Chromium print" "$language" "$kind"
}

# An HTML page opened in LibreOffice Writer and exported with bookmarks from its headings.
libreoffice_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  local tmp="$work/lo" export='pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"}}'
  rm -rf "$tmp" && mkdir -p "$tmp"
  soffice --headless --infilter='HTML (StarWriter)' --convert-to "$export" --outdir "$tmp" "$(src "$package" "$path")" >/dev/null 2>&1
  mv "$tmp"/*.pdf "$out/$file"
  record "$file" "$package" "$path, LibreOffice export" "$language" "$kind"
}

# An HTML page laid out by WeasyPrint (bookmarks from headings), optionally with an extra stylesheet.
weasyprint_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5 css=${6:-}
  local style=()
  if [[ -n "$css" ]]; then
    printf '%s\n' "$css" >"$work/extra.css"
    style=(-s "$work/extra.css")
  fi
  weasyprint -q "${style[@]}" "$(src "$package" "$path")" "$out/$file"
  record "$file" "$package" "$path, WeasyPrint${css:+ with $css}" "$language" "$kind"
}

# HTML pages bound into a book by htmldoc, which writes an outline from the headings.
htmldoc_pdf() {
  local file=$1 package=$2 language=$3 kind=$4
  shift 4
  local pages=()
  for path in "$@"; do pages+=("$(src "$package" "$path")"); done
  htmldoc --quiet --book --toclevels 3 -f "$out/$file" "${pages[@]}" 2>/dev/null
  record "$file" "$package" "$*, htmldoc --book" "$language" "$kind"
}

# An AsciiDoc file of git's documentation laid out by asciidoctor-pdf, with its section outline.
asciidoctor_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  asciidoctor-pdf -q -a toc -a outlinelevels=3 -o "$out/$file" "$(src "$package" "$path")" 2>/dev/null
  record "$file" "$package" "$path, asciidoctor-pdf" "$language" "$kind"
}

# A groff mom document typeset for PostScript with pdfmark bookmarks, then turned into a PDF by Ghostscript.
ghostscript_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  (cd "$(dirname "$(src "$package" "$path")")" && groff -Tps -mom -mpdfmark "$(basename "$path")" 2>/dev/null) | ps2pdf - "$out/$file"
  record "$file" "$package" "$path, groff -Tps -mom | ps2pdf" "$language" "$kind"
}

ref=usr/share/debian-reference
doc=usr/share/doc
tl=usr/share/doc/texlive-doc
mom=usr/share/doc/groff-base/examples/mom
two_columns='body { column-count: 2; column-gap: 1.5em; font-size: 9pt } pre { white-space: pre-wrap }'

# --- PDFs as shipped (TeX, Ghostscript, htmldoc) ---------------------------------------------------------
shipped R-intro.pdf r-doc-pdf usr/share/R/doc/manual/R-intro.pdf en manual
shipped R-lang.pdf r-doc-pdf usr/share/R/doc/manual/R-lang.pdf en manual
shipped R-admin.pdf r-doc-pdf usr/share/R/doc/manual/R-admin.pdf en manual
shipped debian-faq.en.pdf debian-faq $doc/debian/FAQ/debian-faq.en.pdf en manual
shipped debian-policy.pdf debian-policy $doc/debian-policy/policy.pdf en standard
shipped developers-reference-de.pdf developers-reference-de usr/share/developers-reference/de/developers-reference.pdf de manual
shipped debmake-doc.zh-tw.pdf debmake-doc $doc/debmake-doc/debmake-doc.zh-tw.pdf zh-tw manual
shipped debmake-doc.ru.pdf debmake-doc $doc/debmake-doc/debmake-doc.ru.pdf ru manual
shipped maint-guide.zh-cn.pdf maint-guide-zh-cn $doc/maint-guide-zh-cn/maint-guide.zh-cn.pdf zh-cn manual
shipped GS9_Color_Management.pdf ghostscript-doc $doc/ghostscript/GS9_Color_Management.pdf en report
shipped xfig_ref_en.htmldoc.pdf xfig-doc $doc/xfig/xfig_ref_en.pdf en manual
shipped amiri-documentation-arabic.pdf fonts-hosny-amiri $doc/fonts-hosny-amiri/Documentation-Arabic.pdf ar manual
shipped xepersian-doc.pdf texlive-lang-arabic $tl/xelatex/xepersian/xepersian-doc.pdf fa manual
shipped arabluatex.pdf texlive-lang-arabic $tl/lualatex/arabluatex/arabluatex.pdf en+ar manual
shipped bidi-doc.pdf texlive-lang-arabic $tl/xelatex/bidi/bidi-doc.pdf en+fa manual
shipped quran-doc.pdf texlive-lang-arabic $tl/latex/quran/quran-doc.pdf en+ar manual
shipped lshort-persian.pdf texlive-lang-arabic $tl/latex/lshort-persian/lshort.pdf fa book
shipped sexam_wexam_doc_ar.pdf texlive-lang-arabic $tl/xelatex/sexam/sexam_wexam_doc_ar.pdf ar manual
shipped arabi-test_beamer.pdf texlive-lang-arabic $tl/latex/arabi/test_beamer.pdf ar slides
shipped arabi-add-doc.ghostscript.pdf texlive-lang-arabic $tl/latex/arabi-add/arabi-add-doc.pdf en+ar manual
shipped arabi-add-example.ghostscript.pdf texlive-lang-arabic $tl/latex/arabi-add/arabi-add-example.pdf ar example
shipped groff-mom-pdf.pdf groff $mom/mom-pdf.pdf en manual
shipped R-exts.pdf r-doc-pdf usr/share/R/doc/manual/R-exts.pdf en manual
shipped R-FAQ.pdf r-doc-pdf usr/share/R/doc/manual/R-FAQ.pdf en faq
shipped gnuplot.pdf gnuplot-doc $doc/gnuplot/gnuplot.pdf en manual
shipped debmake-doc.de.pdf debmake-doc $doc/debmake-doc/debmake-doc.de.pdf de manual
shipped lshort-ko.pdf texlive-lang-korean $tl/latex/lshort-korean/lshort-ko.pdf ko book
shipped pmhanguljamo-doc.pdf texlive-lang-korean $tl/latex/pmhanguljamo/pmhanguljamo-doc.pdf en+ko manual
shipped cjhebrew.pdf texlive-lang-other $tl/latex/cjhebrew/cjhebrew.pdf en+he manual
shipped kotex-utf-doc.pdf texlive-lang-korean $tl/latex/kotex-utf/kotex-utf-doc.pdf ko manual
shipped pmhanguljamo-kdoc.pdf texlive-lang-korean $tl/latex/pmhanguljamo/pmhanguljamo-kdoc.pdf ko manual
shipped texlive-ru.pdf texlive-lang-cyrillic $tl/texlive/texlive-ru/texlive-ru.pdf ru manual
shipped gost.pdf texlive-lang-cyrillic $tl/bibtex/gost/gost.pdf ru manual
shipped ugost2008.pdf texlive-lang-cyrillic $tl/bibtex/gost/examples/utf8/ugost2008.pdf ru paper
shipped ukraineb.pdf texlive-lang-cyrillic $tl/generic/babel-ukrainian/ukraineb.pdf en+uk manual

# --- converted -------------------------------------------------------------------------------------------
# DocBook HTML only: Sphinx pages (developers-reference) repeat each heading's text in hidden markup, which
# Chromium's outline takes in, so their outline titles come out doubled.
chromium_pdf debian-reference-ch01.zh-cn.chromium.pdf debian-reference-zh-cn $ref/ch01.zh-cn.html zh-cn manual
chromium_pdf debian-reference-ch03.ja.chromium.pdf debian-reference-ja $ref/ch03.ja.html ja manual
chromium_pdf debian-reference-ch05.de.chromium.pdf debian-reference-de $ref/ch05.de.html de manual
chromium_pdf maint-guide-dreq.ru.chromium.pdf maint-guide-ru $doc/maint-guide-ru/html/dreq.ru.html ru manual
chromium_pdf maint-guide-dreq.zh-cn.chromium.pdf maint-guide-zh-cn $doc/maint-guide-zh-cn/html/dreq.zh-cn.html zh-cn manual
chromium_pdf debian-faq-customizing.chromium.pdf debian-faq $doc/debian/FAQ/customizing.en.html en manual
chromium_pdf debian-reference-ch06.ja.chromium.pdf debian-reference-ja $ref/ch06.ja.html ja manual
libreoffice_pdf developers-reference-tools.libreoffice.pdf developers-reference usr/share/developers-reference/tools.html en manual
libreoffice_pdf maint-guide-build.ru.libreoffice.pdf maint-guide-ru $doc/maint-guide-ru/html/build.ru.html ru manual
libreoffice_pdf debian-reference-ch04.fr.libreoffice.pdf debian-reference-fr $ref/ch04.fr.html fr manual
libreoffice_pdf maint-guide-dother.de.libreoffice.pdf maint-guide-de $doc/maint-guide-de/html/dother.de.html de manual
libreoffice_pdf debian-faq-pkgtools.libreoffice.pdf debian-faq $doc/debian/FAQ/pkgtools.en.html en manual
libreoffice_pdf maint-guide-first.zh-tw.libreoffice.pdf maint-guide-zh-tw $doc/maint-guide-zh-tw/html/first.zh-tw.html zh-tw manual
weasyprint_pdf debian-reference-ch09.en.weasyprint.pdf debian-reference-en $ref/ch09.en.html en manual
weasyprint_pdf debian-reference-ch10-2col.en.weasyprint.pdf debian-reference-en $ref/ch10.en.html en manual \
  "$two_columns"
weasyprint_pdf maint-guide-build-2col.de.weasyprint.pdf maint-guide-de $doc/maint-guide-de/html/build.de.html de manual \
  "$two_columns"
weasyprint_pdf debian-reference-ch02-2col.ja.weasyprint.pdf debian-reference-ja $ref/ch02.ja.html ja manual \
  "$two_columns"
weasyprint_pdf maint-guide-modify.fr.weasyprint.pdf maint-guide-fr $doc/maint-guide-fr/html/modify.fr.html fr manual
weasyprint_pdf debian-reference-ch08.de.weasyprint.pdf debian-reference-de $ref/ch08.de.html de manual
weasyprint_pdf debian-reference-ch07.zh-cn.weasyprint.pdf debian-reference-zh-cn $ref/ch07.zh-cn.html zh-cn manual
htmldoc_pdf maint-guide-book.fr.htmldoc.pdf maint-guide-fr fr manual $doc/maint-guide-fr/html/first.fr.html \
  $doc/maint-guide-fr/html/dreq.fr.html $doc/maint-guide-fr/html/build.fr.html
htmldoc_pdf debian-faq-book.htmldoc.pdf debian-faq en manual $doc/debian/FAQ/basic-defs.en.html $doc/debian/FAQ/choosing.en.html \
  $doc/debian/FAQ/compatibility.en.html $doc/debian/FAQ/software.en.html
asciidoctor_pdf git-gittutorial.asciidoctor-pdf.pdf git-doc $doc/git-doc/gittutorial.txt en manual
asciidoctor_pdf git-gitglossary.asciidoctor-pdf.pdf git-doc $doc/git-doc/gitglossary.txt en glossary
asciidoctor_pdf git-giteveryday.asciidoctor-pdf.pdf git-doc $doc/git-doc/giteveryday.txt en manual
asciidoctor_pdf git-gitfaq.asciidoctor-pdf.pdf git-doc $doc/git-doc/gitfaq.txt en faq
asciidoctor_pdf git-gitworkflows.asciidoctor-pdf.pdf git-doc $doc/git-doc/gitworkflows.txt en manual
ghostscript_pdf groff-mom-slide-demo.ghostscript.pdf groff $mom/slide-demo.mom en slides
ghostscript_pdf groff-mom-mon_premier_doc.ghostscript.pdf groff $mom/mon_premier_doc.mom fr example
ghostscript_pdf groff-mom-sample_docs.ghostscript.pdf groff $mom/sample_docs.mom en example

find "$out" -maxdepth 1 -name '*.pdf' -empty -print -delete | sed 's/^/empty, removed: /' >&2
echo "$(($(wc -l <"$manifest") - 1)) PDFs in $out (manifest.tsv, licences/)" >&2
