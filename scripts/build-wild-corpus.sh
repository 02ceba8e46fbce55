#!/usr/bin/env bash
# Builds a corpus of real PDFs with outlines for `npm run eval:parse -- --outline <dir>`, outside the
# repository: PDFs that Debian's documentation packages ship, and HTML, AsciiDoc and groff documents of
# those packages turned into PDFs with outlines by Chromium, LibreOffice, WeasyPrint, htmldoc,
# asciidoctor-pdf and Ghostscript.
# Set 1 (default ../corpus-wild2 beside the repository; 65 PDFs, about 60 MB) is the corpus we measure
# and tune on. Set 2 (default ../corpus-wild3; 38 PDFs, about 20 MB) draws on other packages only
# (texlive-lang-* documentation, the installation guide, the Debian Administrator's Handbook); it was
# held out whole at first, and now only the rows eval:parse reports as held-out are. Set 3 (default
# ../corpus-wild4; 49 PDFs, about 30 MB) is held out whole, from packages neither set nor
# ../shared/corpus-wild uses (texlive-*-doc of science,
# publishers, humanities, CJK and Portuguese, manpages-*, other translations of Debian's manuals) and
# adds producers the other sets lack: Apache FOP (DocBook from pandoc, laid out by the DocBook XSL
# stylesheets with bookmarks), groff's own PDF output (gropdf) and pandoc -> DOCX -> LibreOffice.
# Set 4 (default ../corpus-wild5; 64 PDFs, about 30 MB) is held out whole too, from packages none of the other
# sets, ../shared/corpus-wild nor the helpers' development material uses (texlive-base, -bibtex-extra, -luatex,
# -xetex, -metapost-doc, -plain-generic, -formats-extra, -latex-base-doc; the Debian history, kernel handbook,
# Securing Debian manual, the Indonesian Debian Reference and the English New Maintainers' Guide; Apache's and
# LibreOffice's HTML manuals; manpages-de, -fr, -ru): Korean, Hindi, Georgian, Lithuanian, Indonesian besides the
# scripts of the other sets, slides, papers, a CV and a thesis, and Acrobat Distiller and MiKTeX PDFs.
# Set 5 (default ../corpus-wild6; 57 PDFs, about 30 MB) is held out whole as well, from packages none of the other sets,
# ../shared/corpus-wild nor the helpers' development material uses (texlive-extra-utils, -font-utils, -pstricks-doc,
# -fonts-recommended-doc; LilyPond's, Asymptote's, Octave's and aptitude's manuals; the Brazilian Debian Reference;
# LibreOffice's help in Greek, Khmer, Dzongkha, Turkish and Vietnamese; manpages-ja, -zh, -el, -mk, -sr, -hu, -da, -nb,
# -id): two scripts none of the other sets has (Khmer, Tibetan), and Greek, Macedonian and Serbian Cyrillic, Czech, Turkish,
# Vietnamese, Catalan, Hungarian, Finnish, Dutch, Danish and Norwegian besides Latin, CJK and Russian.
# Set 6 (default ../corpus-wild7; 36 PDFs) is for development on the converters' producers (Apache FOP, WeasyPrint,
# Chromium, LibreOffice, groff, htmldoc) and texinfo, from packages none of the other sets, ../shared/corpus-wild nor the
# helpers' development material uses (sqlite3-doc, postgresql-doc-15, cmake-doc, zsh-doc, bash-doc, manpages-dev,
# libreoffice-help-ja, -zh-cn, -pl; manpages-pl and -pt-br): pages picked at random (seeded) among those of a size and with
# headings enough; the rows eval:parse reports as held-out are held out.
# Only Debian's apt is used (`apt-get download` + `dpkg-deb -x`; the converters are installed with
# apt-get when missing, which needs root). Writes manifest.tsv (file, source, licence, producer,
# pages, outline entries and depth, language, kind, part) and licences/<package>.copyright.
# Set 7 (default ../corpus-wild8; 60 PDFs) is for development on TeX package manuals: documentation PDFs of
# texlive-latex-extra-doc and texlive-fonts-extra-doc (which earlier work drew development material from too), drawn at
# random (a seeded shuffle) among those of 3-80 pages, 6 MB at most, with five outline entries or more, at most 25 from one
# producer: pdfTeX, XeTeX and xdvipdfmx, LuaTeX, MiKTeX, dvips with Ghostscript, Acrobat Distiller, cairo.
# Set 8 (default ../corpus-wild9; 40 PDFs) is for development on papers, articles and theses: journal, conference and
# university classes' sample documents in texlive-publishers-doc, one per class, drawn by a seeded shuffle among those of
# 2-40 pages with four outline entries or more, the classes set 3 takes its documents from left out (set 3 draws on this
# package too, and earlier work took development material from it: acmart, asmeconf, jmlr): one- and two-column
# layouts, manuscripts with line numbers, in English, Dutch, Italian, Spanish, Russian and Chinese.
# Set 9 (default ../corpus-wild10; 32 PDFs) is for development on documents full of drawings: documentation PDFs of
# texlive-pictures-doc (TikZ, PGF, MetaPost and PSTricks add-ons, whose pages hold plots, diagrams and drawn labels),
# one per package folder, drawn by a seeded shuffle among those of 3-60 pages, 6 MB at most, with five outline entries or
# more and none of the other sets' file names, at most 12 from one producer.
# In sets 1, 6, 7, 8 and 9 the held-out part is the rule eval:parse applies: SHA-256 of the file name below 0x40.
#
#   scripts/build-wild-corpus.sh [--set 1|2|3|4|5|6|7|8|9] [<out-dir>]
set -euo pipefail

set=1
if [[ ${1:-} == --set ]]; then
  set=${2:-}
  shift 2 || true
fi
if [[ $set != 1 && $set != 2 && $set != 3 && $set != 4 && $set != 5 && $set != 6 && $set != 7 && $set != 8 && $set != 9 ]]; then
  echo "usage: $0 [--set 1|2|3|4|5|6|7|8|9] [<out-dir>]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$repo/../corpus-wild$((set + 1))}")
work="$out/.work"
mkdir -p "$out/licences" "$work/debs" "$work/extract"

# --- tools -----------------------------------------------------------------------------------------
tools=(poppler-utils poppler-data qpdf python3 chromium libreoffice-writer-nogui weasyprint ruby-asciidoctor-pdf
  groff ghostscript htmldoc fonts-wqy-microhei fonts-ipafont-gothic fonts-dejavu-core)
((set >= 3)) && tools+=(pandoc xsltproc docbook-xml docbook-xsl fop)
# Hindi pages need a Devanagari font; none of the others brings one.
((set == 4)) && tools+=(fonts-lohit-deva)
# Khmer and Dzongkha (Tibetan script) pages likewise need their fonts.
((set == 5)) && tools+=(fonts-khmeros fonts-tibetan-machine)
# Japanese pages laid out by FOP name IPA's Gothic.
((set == 6)) && tools+=(fonts-ipafont-gothic fonts-wqy-microhei)
missing=()
for tool in "${tools[@]}"; do dpkg -s "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if ((${#missing[@]} > 0)); then
  echo "installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# --- sources ---------------------------------------------------------------------------------------
# The packages_<set> arrays are read through packages_var, which shellcheck does not follow.
# shellcheck disable=SC2034
packages_1=(debian-reference-en debian-reference-zh-cn debian-reference-ja debian-reference-de debian-reference-fr
  debian-faq debian-policy developers-reference developers-reference-de maint-guide-ru maint-guide-zh-cn
  maint-guide-zh-tw maint-guide-fr maint-guide-de debmake-doc gnuplot-doc r-doc-pdf ghostscript-doc xfig-doc
  fonts-hosny-amiri texlive-lang-arabic texlive-lang-other texlive-lang-korean texlive-lang-cyrillic groff groff-base git-doc)
# None of set 1's packages: the texlive-lang-* packages set 1 leaves out, and two multilingual books.
# shellcheck disable=SC2034
packages_2=(texlive-lang-czechslovak texlive-lang-polish texlive-lang-german texlive-lang-french texlive-lang-italian
  texlive-lang-spanish texlive-lang-european texlive-lang-greek texlive-lang-chinese texlive-lang-japanese
  installation-guide-amd64 debian-handbook)
# None of set 1's or set 2's packages, nor those of ../shared/corpus-wild (texlive-latex-recommended-doc, maint-guide-es,
# developers-reference-fr, ...), whose documents are tuned on.
# shellcheck disable=SC2034
packages_3=(texlive-science-doc texlive-publishers-doc texlive-humanities-doc
  texlive-lang-cjk texlive-lang-portuguese manpages manpages-it manpages-es manpages-uk debian-reference-it
  debian-reference-pt debian-reference-es debian-reference-zh-tw maint-guide-it maint-guide-ca maint-guide-vi
  developers-reference-it developers-reference-ru)
# None of the packages above, nor ../shared/corpus-wild's, nor those other helpers draw development material from
# (texlive-latex-extra-doc, -pictures-doc, -fonts-extra-doc, -games, -music, -lang-*).
# shellcheck disable=SC2034
packages_4=(texlive-base texlive-bibtex-extra texlive-luatex texlive-xetex texlive-metapost-doc texlive-plain-generic
  texlive-formats-extra texlive-latex-base-doc debian-history debian-kernel-handbook harden-doc maint-guide
  debian-reference-id apache2-doc libreoffice-help-ko libreoffice-help-hi manpages-de manpages-fr manpages-ru)
# None of the packages above, nor ../shared/corpus-wild's, nor the helpers' development material (the same as set 4's,
# and manpages-sv, -pl, -tr, -ro, -pt-br, -nl, -fi).
# shellcheck disable=SC2034
packages_5=(texlive-extra-utils texlive-font-utils texlive-fonts-recommended-doc texlive-pstricks-doc asymptote-doc
  octave-doc debian-reference-pt-br lilypond-doc-pdf-ca lilypond-doc-pdf-hu lilypond-doc-html-cs lilypond-doc-html-ja
  aptitude-doc-cs aptitude-doc-es aptitude-doc-fi aptitude-doc-nl aptitude-doc-ru libreoffice-help-el libreoffice-help-km
  libreoffice-help-dz libreoffice-help-tr libreoffice-help-vi manpages-ja manpages-zh manpages-el manpages-mk manpages-sr
  manpages-hu manpages-da manpages-nb manpages-id)
# None of the packages above, nor ../shared/corpus-wild's, nor the helpers' development material.
# shellcheck disable=SC2034
packages_6=(sqlite3-doc postgresql-doc-15 cmake-doc cmake-data zsh-doc zsh-common bash-doc manpages-dev manpages manpages-pl manpages-pt-br
  libreoffice-help-ja libreoffice-help-zh-cn libreoffice-help-pl)
# shellcheck disable=SC2034
packages_7=(texlive-latex-extra-doc texlive-fonts-extra-doc)
# shellcheck disable=SC2034
packages_8=(texlive-publishers-doc)
# shellcheck disable=SC2034
packages_9=(texlive-pictures-doc)
packages_var="packages_${set}[@]"
packages=("${!packages_var}")
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
  # A package's doc folder may be a link into another package's, which holds the copyright file (groff's into
  # groff-base's, zsh-doc's into zsh-common's, cmake-doc's into cmake-data's); set 6 downloads those too.
  local link
  link=$(readlink "$work/extract/$package/usr/share/doc/$package" || true)
  local docs=("$work/extract/$package/usr/share/doc" "$work/extract/$package-base/usr/share/doc")
  [[ -n $link ]] && docs+=("$work/extract/$(basename "$link")/usr/share/doc")
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
  ((set >= 2 && set <= 5 || $((16#$(printf %s "$file" | sha256sum | cut -c1-2))) < 64)) && part=held-out
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

lo_export='pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"}}'

# An HTML page opened in LibreOffice Writer and exported with bookmarks from its headings.
libreoffice_pdf() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  local tmp="$work/lo"
  rm -rf "$tmp" && mkdir -p "$tmp"
  soffice --headless --infilter='HTML (StarWriter)' --convert-to "$lo_export" --outdir "$tmp" "$(src "$package" "$path")" >/dev/null 2>&1
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
  # htmldoc ignores the pages' <meta charset> and reads ISO-8859-1 unless told; set 1's files were built without
  # the option (their accented letters are mojibake) and stay so, set 2 passes `htmldoc_charset=utf-8`.
  local charset=()
  [[ -n ${htmldoc_charset:-} ]] && charset=(--charset "$htmldoc_charset")
  htmldoc --quiet --book --toclevels 3 "${charset[@]}" -f "$out/$file" "${pages[@]}" 2>/dev/null
  record "$file" "$package" "$*, htmldoc --book${htmldoc_charset:+ --charset $htmldoc_charset}" "$language" "$kind"
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

# A PDF a package ships, rewritten by Ghostscript's pdfwrite as one does to shrink a PDF (fonts and text
# layer are Ghostscript's own; the outline is carried over).
distilled() {
  local file=$1 package=$2 path=$3 language=$4 kind=$5
  gs -q -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -o "$out/$file" "$(src "$package" "$path")" 2>/dev/null
  record "$file" "$package" "/$path, gs -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook" "$language" "$kind"
}

# A document in another markup (a manual page, reStructuredText, HTML) written by pandoc as <to> beside its source
# in the extracted package, so that the converters read it like a file of the package; prints its path there.
pandoc_converted() {
  local package=$1 path=$2 from=$3 to=$4
  local input target="$path.pandoc.$to"
  input=$(src "$package" "$path")
  { if [[ $input == *.gz ]]; then gunzip -c "$input"; else cat "$input"; fi; } |
    pandoc -s -f "$from" -t "$to" -o "$(src "$package" "$target")" 2>/dev/null
  echo "$target"
}

# A document turned by pandoc into a DocBook article, laid out by the DocBook XSL stylesheets (FO with bookmarks:
# fop1.extensions) and Apache FOP. Without a font FOP sets its base-14 fonts, which cover Latin only; a named
# font (for Cyrillic or CJK) is found among the system's fonts.
fop_pdf() {
  local file=$1 package=$2 path=$3 from=$4 language=$5 kind=$6 font=${7:-}
  local docbook fonts=() config=()
  docbook=$(pandoc_converted "$package" "$path" "$from" docbook4)
  if [[ -n $font ]]; then
    for role in body title monospace symbol; do fonts+=(--stringparam "$role.font.family" "$font"); done
    printf '<fop version="1.0"><renderers><renderer mime="application/pdf"><fonts><auto-detect/></fonts></renderer></renderers></fop>\n' \
      >"$work/fop.xconf"
    config=(-c "$work/fop.xconf")
  fi
  xsltproc --nonet --stringparam fop1.extensions 1 --stringparam paper.type A4 "${fonts[@]}" -o "$work/fop.fo" \
    /usr/share/xml/docbook/stylesheet/docbook-xsl/fo/docbook.xsl "$(src "$package" "$docbook")" 2>/dev/null
  fop -q "${config[@]}" -fo "$work/fop.fo" -pdf "$out/$file" >/dev/null 2>&1
  record "$file" "$package" "$path, pandoc -t docbook4, DocBook XSL FO, Apache FOP${font:+ with $font}" "$language" "$kind"
}

# A manual page turned by pandoc into ms macros (a pdfhref outline entry per section) and typeset by groff: device
# `pdf` is groff's own PDF writer (gropdf), device `ps` PostScript with pdfmark bookmarks that Ghostscript turns into a PDF.
groff_ms_pdf() {
  local file=$1 package=$2 path=$3 device=$4 language=$5 kind=$6
  local ms via=''
  ms=$(src "$package" "$(pandoc_converted "$package" "$path" man ms)")
  if [[ $device == pdf ]]; then
    groff -k -Tpdf -ms -mpdfmark "$ms" >"$out/$file" 2>/dev/null
  else
    groff -k -Tps -ms -mpdfmark "$ms" 2>/dev/null | ps2pdf - "$out/$file"
    via=' | ps2pdf'
  fi
  record "$file" "$package" "$path, pandoc -t ms, groff -T$device -ms -mpdfmark$via" "$language" "$kind"
}

# A document pandoc writes as DOCX (its headings in Word's heading styles), exported by LibreOffice with bookmarks.
pandoc_libreoffice_pdf() {
  local file=$1 package=$2 path=$3 from=$4 language=$5 kind=$6
  local docx tmp="$work/lo"
  docx=$(pandoc_converted "$package" "$path" "$from" docx)
  rm -rf "$tmp" && mkdir -p "$tmp"
  soffice --headless --convert-to "$lo_export" --outdir "$tmp" "$(src "$package" "$docx")" >/dev/null 2>&1
  mv "$tmp"/*.pdf "$out/$file"
  record "$file" "$package" "$path, pandoc -t docx, LibreOffice export" "$language" "$kind"
}

ref=usr/share/debian-reference
doc=usr/share/doc
tl=usr/share/doc/texlive-doc
mom=usr/share/doc/groff-base/examples/mom
two_columns='body { column-count: 2; column-gap: 1.5em; font-size: 9pt } pre { white-space: pre-wrap }'

documents_1() {
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
}

documents_2() {
  local ig=$doc/installation-guide-amd64 dh=$doc/debian-handbook/html htmldoc_charset=utf-8
  # --- PDFs as shipped (pdfTeX, XeTeX/xdvipdfmx, LuaTeX, pTeX/dvipdfmx) ----------------------------------
  shipped texlive-cz.pdf texlive-lang-czechslovak $tl/texlive/texlive-cz/texlive-cz.pdf cs manual
  shipped cnbwp-manual-cs.pdf texlive-lang-czechslovak $tl/latex/cnbwp/cnbwp-manual-cs.pdf cs manual
  shipped texlive-pl.pdf texlive-lang-polish $tl/texlive/texlive-pl/texlive-pl.pdf pl manual
  shipped polski.pdf texlive-lang-polish $tl/latex/polski/polski.pdf pl manual
  shipped l2tabu.pdf texlive-lang-german $tl/latex/l2tabu/l2tabu.pdf de guide
  shipped csquotes-DE.pdf texlive-lang-german $tl/latex/csquotes-de/csquotes-DE.pdf de manual
  shipped lualatex-doc-DE.pdf texlive-lang-german $tl/latex/lualatex-doc-de/lualatex-doc-DE.pdf de manual
  shipped droit-fr.pdf texlive-lang-french $tl/latex/droit-fr/droit-fr.pdf fr manual
  shipped frenchb.pdf texlive-lang-french $tl/generic/babel-french/frenchb.pdf en+fr manual
  shipped letgut.pdf texlive-lang-french $tl/lualatex/letgut/letgut.pdf fr manual
  shipped texlive-it.pdf texlive-lang-italian $tl/texlive/texlive-it/texlive-it.pdf it manual
  shipped FAQ-CervanTeX.pdf texlive-lang-spanish $tl/generic/es-tex-faq/FAQ-CervanTeX.pdf es faq
  shipped lshort-tr.pdf texlive-lang-european $tl/latex/lshort-turkish/lshort-tr.pdf tr book
  shipped teubner.pdf texlive-lang-greek $tl/latex/teubner/teubner.pdf en+el manual
  shipped greek-utf8.pdf texlive-lang-greek $tl/latex/greek-inputenc/greek-utf8.pdf en+el manual
  shipped lshort-zh-cn.pdf texlive-lang-chinese $tl/latex/lshort-chinese/lshort-zh-cn.pdf zh-cn book
  shipped zhs-man.pdf texlive-lang-chinese $tl/generic/zhspacing/zhs-man.pdf zh-cn manual
  shipped exam-zh-doc.pdf texlive-lang-chinese $tl/xelatex/exam-zh/doc/exam-zh-doc.pdf zh-cn manual
  shipped luatexja-ja.pdf texlive-lang-japanese $tl/luatex/luatexja/luatexja-ja.pdf ja manual
  shipped jlreq-ja.pdf texlive-lang-japanese $tl/latex/jlreq/jlreq-ja.pdf ja manual
  shipped texlive-ja.pdf texlive-lang-japanese $tl/texlive/texlive-ja/texlive-ja.pdf ja manual
  shipped ptex-manual.pdf texlive-lang-japanese $tl/ptex/ptex-manual/ptex-manual.pdf ja manual
  shipped install.ko.pdf installation-guide-amd64 $ig/ko/install.ko.pdf ko manual
  shipped install.vi.pdf installation-guide-amd64 $ig/vi/install.vi.pdf vi manual

  # --- converted ---------------------------------------------------------------------------------------
  # The Handbook's translations are partial: each page here is one whose words are mostly not the English page's.
  distilled cstexman.ghostscript.pdf texlive-lang-czechslovak $tl/cstex/cstexman.pdf cs manual
  distilled wkmgr1.ghostscript.pdf texlive-lang-polish $tl/latex/przechlewski-book/wkmgr1.pdf pl book
  distilled frenchle.ghostscript.pdf texlive-lang-french $tl/generic/e-french/manuels/frenchle.pdf fr manual
  chromium_pdf handbook-selinux.ar.chromium.pdf debian-handbook $dh/ar-MA/sect.selinux.html ar manual
  chromium_pdf handbook-basic-configuration.ru.chromium.pdf debian-handbook $dh/ru-RU/basic-configuration.html ru manual
  chromium_pdf install-ch05s03.el.chromium.pdf installation-guide-amd64 $ig/el/ch05s03.html el manual
  libreoffice_pdf handbook-basic-configuration.fa.libreoffice.pdf debian-handbook $dh/fa-IR/basic-configuration.html fa manual
  libreoffice_pdf handbook-dpkg.de.libreoffice.pdf debian-handbook $dh/de-DE/sect.manipulating-packages-with-dpkg.html de manual
  libreoffice_pdf handbook-release-lifecycle.pl.libreoffice.pdf debian-handbook $dh/pl-PL/sect.release-lifecycle.html pl manual
  weasyprint_pdf install-ch05s03.ja.weasyprint.pdf installation-guide-amd64 $ig/ja/ch05s03.html ja manual
  weasyprint_pdf install-ch05s01.ko.weasyprint.pdf installation-guide-amd64 $ig/ko/ch05s01.html ko manual
  # The Handbook's own stylesheet makes WeasyPrint 57 fail in columns; the installation guide's does not.
  weasyprint_pdf install-ch05s04-2col.it.weasyprint.pdf installation-guide-amd64 $ig/it/ch05s04.html it manual "$two_columns"
  htmldoc_pdf install-ch02-book.de.htmldoc.pdf installation-guide-amd64 de manual $ig/de/ch02.html $ig/de/ch02s01.html \
    $ig/de/ch02s02.html $ig/de/ch02s03.html $ig/de/ch02s04.html $ig/de/ch02s05.html
  htmldoc_pdf install-ch04-book.es.htmldoc.pdf installation-guide-amd64 es manual $ig/es/ch04.html $ig/es/ch04s01.html \
    $ig/es/ch04s02.html $ig/es/ch04s03.html $ig/es/ch04s04.html
}

documents_3() {
  local tp=$tl/latex dr=usr/share/developers-reference mg=$doc/maint-guide htmldoc_charset=utf-8
  local tpub=usr/share/doc/texlive-doc/xelatex man=usr/share/man
  # --- PDFs as shipped (pdfTeX, XeTeX/xdvipdfmx, LuaTeX, dvipdfm, DBLaTeX, Ghostscript, Quartz) -------------------
  shipped xeCJK.pdf texlive-lang-cjk $tl/xelatex/xecjk/xeCJK.pdf zh-cn manual
  shipped CJKpunct.pdf texlive-lang-cjk $tp/cjkpunct/CJKpunct.pdf zh-cn manual
  shipped zitie-cn.pdf texlive-lang-cjk $tl/xelatex/zitie/zitie-cn.pdf zh-cn manual
  shipped hithesis.pdf texlive-publishers-doc $tpub/hithesis/hithesis.pdf zh-cn manual
  shipped buctthesis.pdf texlive-publishers-doc $tpub/buctthesis/buctthesis.pdf zh-cn thesis
  shipped mynsfc-my-proposal.pdf texlive-publishers-doc $tpub/mynsfc/my-proposal.pdf zh-cn form
  shipped chemobabel-ja.pdf texlive-science-doc $tp/chemobabel/chemobabel-ja.pdf ja manual
  shipped technion-thesis-main.pdf texlive-publishers-doc $tpub/technion-thesis-template/Example/main.pdf he+en thesis
  shipped yazd-thesis.pdf texlive-publishers-doc $tpub/yazd-thesis/yazd-thesis.pdf fa thesis
  shipped thesis-qom.pdf texlive-publishers-doc $tpub/thesis-qom/thesis-qom.pdf fa thesis
  shipped pt-lshort.pdf texlive-lang-portuguese $tp/lshort-portuguese/pt-lshort.pdf pt book
  shipped latex-via-exemplos.pdf texlive-lang-portuguese $tp/latex-via-exemplos/latex-via-exemplos.pdf pt-br book
  shipped acmart-sample-sigconf.pdf texlive-publishers-doc $tp/acmart/samples/sample-sigconf.pdf en paper
  shipped ieeetran-testflow_doc.pdf texlive-publishers-doc $tp/ieeetran/testflow_doc.pdf en paper
  shipped langsci-samplemonograph.pdf texlive-publishers-doc $tpub/langsci/examples/samplemonograph.pdf en book
  shipped nicematrix-french.pdf texlive-science-doc $tp/nicematrix/nicematrix-french.pdf fr manual
  shipped witharrows-french.pdf texlive-science-doc $tl/generic/witharrows/witharrows-french.pdf fr manual
  shipped facture-belge-doc.pdf texlive-publishers-doc $tpub/facture-belge-simple-sans-tva/facture-belge-simple-sans-tva-doc.pdf fr manual
  shipped chemexec_de.pdf texlive-science-doc $tp/chemexec/chemexec_de.pdf de manual
  shipped hu-berlin-bundle.pdf texlive-publishers-doc usr/share/doc/texlive-doc/lualatex/hu-berlin-bundle/hu-berlin-bundle.pdf de manual
  shipped yquant-doc.pdf texlive-science-doc $tp/yquant/yquant-doc.pdf en manual
  shipped thalie.pdf texlive-humanities-doc $tp/thalie/thalie.pdf en manual
  shipped tugboat.pdf texlive-publishers-doc $tp/tugboat/tugboat.pdf en manual
  shipped maint-guide.vi.pdf maint-guide-vi $mg-vi/maint-guide.vi.pdf vi manual
  shipped debian-reference.it.pdf debian-reference-it $ref/debian-reference.it.pdf it manual
  shipped tablor.ghostscript.pdf texlive-science-doc $tp/tablor/tablor.pdf fr manual
  shipped screenplay.ghostscript.pdf texlive-humanities-doc $tp/screenplay/screenplay.pdf en manual
  shipped textopo.quartz.pdf texlive-science-doc $tp/textopo/textopo.pdf en manual

  # --- converted -----------------------------------------------------------------------------------------------
  # Ghostscript 10 drops the outline of xdvipdfmx's and dvipdfm's PDFs, so only pdfTeX's and LuaTeX's are rewritten.
  distilled abntex2cite.ghostscript.pdf texlive-publishers-doc $tp/abntex2/abntex2cite.pdf pt-br manual
  distilled statistics.ghostscript.pdf texlive-science-doc $tp/statistics/statistics.pdf en manual
  fop_pdf developers-reference-pkgs.it.fop.pdf developers-reference-it $dr/it/_sources/pkgs.rst.txt rst it manual
  fop_pdf developers-reference-tools.ru.fop.pdf developers-reference-ru $dr/ru/_sources/tools.rst.txt rst ru manual 'DejaVu Serif'
  fop_pdf debian-reference-ch02.es.fop.pdf debian-reference-es $ref/ch02.es.html html es manual
  fop_pdf debian-reference-ch05.zh-tw.fop.pdf debian-reference-zh-tw $ref/ch05.zh-tw.html html zh-tw manual 'WenQuanYi Micro Hei'
  groff_ms_pdf bash.it.gropdf.pdf manpages-it $man/it/man1/bash.1.gz pdf it manual
  groff_ms_pdf capabilities.7.gropdf.pdf manpages $man/man7/capabilities.7.gz pdf en manual
  groff_ms_pdf ip.7.es.ghostscript.pdf manpages-es $man/es/man7/ip.7.gz ps es manual
  groff_ms_pdf tcp.7.ghostscript.pdf manpages $man/man7/tcp.7.gz ps en manual
  chromium_pdf debian-reference-ch03.pt.chromium.pdf debian-reference-pt $ref/ch03.pt.html pt manual
  chromium_pdf maint-guide-dreq.vi.chromium.pdf maint-guide-vi $mg-vi/html/dreq.vi.html vi manual
  chromium_pdf debian-reference-ch07.zh-tw.chromium.pdf debian-reference-zh-tw $ref/ch07.zh-tw.html zh-tw manual
  chromium_pdf bash.uk.chromium.pdf manpages-uk "$(pandoc_converted manpages-uk $man/uk/man1/bash.1.gz man html)" uk manual
  libreoffice_pdf developers-reference-pkgs.ru.libreoffice.pdf developers-reference-ru $dr/ru/pkgs.html ru manual
  libreoffice_pdf maint-guide-modify.ca.libreoffice.pdf maint-guide-ca $mg-ca/html/modify.ca.html ca manual
  pandoc_libreoffice_pdf cgroups.7.libreoffice.pdf manpages $man/man7/cgroups.7.gz man en manual
  weasyprint_pdf debian-reference-ch06-2col.it.weasyprint.pdf debian-reference-it $ref/ch06.it.html it manual "$two_columns"
  # Sphinx's stylesheet makes WeasyPrint lay each page of the developers' reference on one sheet: DocBook pages only.
  weasyprint_pdf maint-guide-modify.vi.weasyprint.pdf maint-guide-vi $mg-vi/html/modify.vi.html vi manual
  htmldoc_pdf maint-guide-book.it.htmldoc.pdf maint-guide-it it manual $mg-it/html/first.it.html $mg-it/html/dreq.it.html \
    $mg-it/html/modify.it.html
  htmldoc_pdf debian-reference-book.pt.htmldoc.pdf debian-reference-pt pt manual $ref/ch01.pt.html $ref/ch02.pt.html
}

documents_4() {
  local tb=$tl/latex dh=$doc/debian-history/docs hd=$doc/harden-doc/html kh=$doc/debian-kernel-handbook/kernel-handbook.html
  local lh=usr/share/libreoffice/help ap=$doc/apache2-doc/manual man=usr/share/man mg=$doc/maint-guide htmldoc_charset=utf-8
  # --- PDFs as shipped (pdfTeX, LuaTeX, LuaMetaTeX, XeTeX/xdvipdfmx, dvipdfm, DBLaTeX, MiKTeX, Ghostscript, Distiller) ----
  shipped luatex.pdf texlive-base $tl/luatex/base/luatex.pdf en manual
  shipped pdftex-a.pdf texlive-base $tl/pdftex/manual/pdftex-a.pdf en manual
  shipped kpathsea.pdf texlive-base $tl/kpathsea/kpathsea.pdf en manual
  shipped dvipdfmx.pdf texlive-base $tl/dvipdfmx/dvipdfmx.pdf en manual
  shipped dvipdfm.pdf texlive-base $tl/dvipdfm/dvipdfm.pdf en manual
  shipped dvipdfmx-tug2003-slides.pdf texlive-base $tl/dvipdfmx/tug2003-slides.pdf en slides
  shipped eplain.pdf texlive-formats-extra $tl/eplain/eplain.pdf en manual
  shipped mxeddoc.pdf texlive-formats-extra $tl/fonts/mxedruli/mxeddoc.pdf en+ka manual
  shipped project-history.ko.pdf debian-history $dh/project-history.ko.pdf ko book
  shipped project-history.ru.pdf debian-history $dh/project-history.ru.pdf ru book
  shipped project-history.ja.pdf debian-history $dh/project-history.ja.pdf ja book
  shipped project-history.lt.pdf debian-history $dh/project-history.lt.pdf lt book
  shipped debian-reference.id.pdf debian-reference-id $ref/debian-reference.id.pdf id manual
  shipped maint-guide.en.pdf maint-guide $mg/maint-guide.en.pdf en manual
  shipped luatexko-doc.pdf texlive-luatex $tl/luatex/luatexko/luatexko-doc.pdf ko manual
  shipped xetexko-doc.pdf texlive-xetex $tl/xetex/xetexko/xetexko-doc.pdf ko manual
  shipped arabxetex.pdf texlive-xetex $tl/xelatex/arabxetex/arabxetex.pdf en+ar manual
  shipped na-positiondocAR.pdf texlive-xetex $tl/xelatex/na-position/na-positiondocAR.pdf ar manual
  shipped bidipresentation-sample.pdf texlive-xetex $tl/xelatex/bidipresentation/sample.pdf fa slides
  shipped cqubeamer.pdf texlive-xetex $tl/xelatex/cqubeamer/cqubeamer.pdf zh-cn slides
  shipped biblatex-gb7714-2015.pdf texlive-bibtex-extra $tb/biblatex-gb7714-2015/biblatex-gb7714-2015.pdf zh-cn manual
  shipped hyperref-slides.pdf texlive-latex-base-doc $tb/hyperref/slides.pdf en slides
  shipped hyperref-paper.pdf texlive-latex-base-doc $tb/hyperref/paper.pdf en paper
  shipped sbl-paper.pdf texlive-bibtex-extra $tb/biblatex-sbl/sbl-paper.pdf en paper
  shipped featpost-BezierApprox.distiller.pdf texlive-metapost-doc $tl/metapost/featpost/doc/otherinfo/BezierApprox.pdf en paper
  shipped harvard.distiller.pdf texlive-bibtex-extra $tb/harvard/harvard.pdf en manual
  shipped xlop-doc-fr.ghostscript.pdf texlive-plain-generic $tl/generic/xlop/xlop-doc-fr.pdf fr manual
  shipped drv-guide.ghostscript.pdf texlive-metapost-doc $tl/metapost/drv/drv-guide.pdf en manual
  shipped mptrees-doc.ghostscript.pdf texlive-metapost-doc $tl/metapost/mptrees/mptrees-doc.pdf en manual
  shipped de-biblatex-dw.pdf texlive-bibtex-extra $tb/biblatex-dw/de-biblatex-dw.pdf de manual
  shipped oscola.miktex.pdf texlive-bibtex-extra $tb/oscola/oscola.pdf en manual
  shipped font-change_FRENCH.miktex.pdf texlive-plain-generic $tl/plain/font-change/font-change_FRENCH.pdf fr manual
  shipped simple-thesis-dissertation.pdf texlive-xetex $tl/xelatex/simple-thesis-dissertation/Thesis.pdf en thesis
  shipped simple-resume-cv.pdf texlive-xetex $tl/xelatex/simple-resume-cv/CV.pdf en form
  shipped lua-widow-control.pdf texlive-luatex $tl/luatex/lua-widow-control/lua-widow-control.pdf en manual
  shipped featpostbeamer.pdf texlive-metapost-doc $tl/metapost/featpost/doc/featpostbeamer.pdf en slides

  # --- converted -----------------------------------------------------------------------------------------------
  # Pages chosen by their share of the language's own letters: most of these manuals' translations are partial.
  distilled web2c.ghostscript.pdf texlive-base $tl/web2c/web2c.pdf en manual
  distilled tracklang-manual.ghostscript.pdf texlive-plain-generic $tl/generic/tracklang/tracklang-manual.pdf en manual
  chromium_pdf lo-help-basic-01170101.ko.chromium.pdf libreoffice-help-ko $lh/ko/text/sbasic/shared/01170101.html ko manual
  chromium_pdf lo-help-keyboard.hi.chromium.pdf libreoffice-help-hi $lh/hi/text/shared/guide/keyboard.html hi+en manual
  chromium_pdf harden-doc-ch12.zh-cn.chromium.pdf harden-doc $hd/zh-CN/ch12.html zh-cn manual
  chromium_pdf apache-sections.fr.chromium.pdf apache2-doc $ap/fr/sections.html fr manual
  chromium_pdf harden-doc-ch10.it.chromium.pdf harden-doc $hd/it-IT/ch10.html it manual
  chromium_pdf history-detailed.lt.chromium.pdf debian-history $dh/detailed.lt.html lt book
  weasyprint_pdf kernel-handbook-common-tasks.weasyprint.pdf debian-kernel-handbook $kh/ch-common-tasks.html en manual
  weasyprint_pdf history-detailed-2col.ru.weasyprint.pdf debian-history $dh/detailed.ru.html ru book "$two_columns"
  weasyprint_pdf lo-help-autopi-01110200.ko.weasyprint.pdf libreoffice-help-ko $lh/ko/text/shared/autopi/01110200.html ko manual
  weasyprint_pdf harden-doc-ch12-2col.fr.weasyprint.pdf harden-doc $hd/fr-FR/ch12.html fr manual "$two_columns"
  libreoffice_pdf harden-doc-ch04s11.ja.libreoffice.pdf harden-doc $hd/ja-JP/ch04s11.html ja manual
  libreoffice_pdf apache-getting-started.ru.libreoffice.pdf apache2-doc $ap/ru/getting-started.html ru manual
  libreoffice_pdf apache-htaccess.fr.libreoffice.pdf apache2-doc $ap/fr/howto/htaccess.html fr manual
  libreoffice_pdf lo-help-impress-main0210.hi.libreoffice.pdf libreoffice-help-hi $lh/hi/text/simpress/main0210.html hi+en manual
  pandoc_libreoffice_pdf cgroups.7.ru.libreoffice.pdf manpages-ru $man/ru/man7/cgroups.7.gz man ru manual
  fop_pdf systemd.network.5.de.fop.pdf manpages-de $man/de/man5/systemd.network.5.gz man de manual
  fop_pdf history-detailed.ko.fop.pdf debian-history $dh/detailed.ko.html html ko book 'WenQuanYi Micro Hei'
  fop_pdf harden-doc-chroot-ssh-env.fop.pdf harden-doc $hd/en-US/chroot-ssh-env.html html en manual
  fop_pdf grep.1.fr.fop.pdf manpages-fr $man/fr/man1/grep.1.gz man fr manual
  groff_ms_pdf mount.8.de.gropdf.pdf manpages-de $man/de/man8/mount.8.gz pdf de manual
  groff_ms_pdf find.1.fr.gropdf.pdf manpages-fr $man/fr/man1/find.1.gz pdf fr manual
  groff_ms_pdf nfs.5.fr.ghostscript.pdf manpages-fr $man/fr/man5/nfs.5.gz ps fr manual
  groff_ms_pdf systemd.netdev.5.de.ghostscript.pdf manpages-de $man/de/man5/systemd.netdev.5.gz ps de manual
  htmldoc_pdf harden-doc-book.de.htmldoc.pdf harden-doc de manual $hd/de-DE/ch04s11.html $hd/de-DE/ch10.html $hd/de-DE/ch12.html
  htmldoc_pdf kernel-handbook-book.htmldoc.pdf debian-kernel-handbook en manual $kh/ch-scope.html $kh/ch-bugs.html \
    $kh/ch-source.html $kh/ch-packaging.html $kh/ch-versions.html $kh/ch-update-hooks.html $kh/ch-initramfs.html
  htmldoc_pdf history-book.es.htmldoc.pdf debian-history es book $dh/intro.es.html $dh/detailed.es.html
}

documents_5() {
  local tu=$tl/support tp=$tl/latex tg=$tl/generic ly=$doc/lilypond/html/Documentation lh=usr/share/libreoffice/help
  local ap=$doc/aptitude/html man=usr/share/man htmldoc_charset=utf-8
  # --- PDFs as shipped (pdfTeX, LuaTeX, LuaHBTeX, XeTeX/xdvipdfmx, texinfo, DBLaTeX, Ghostscript, Distiller, WeasyPrint) ----
  shipped pythontex.pdf texlive-extra-utils $tp/pythontex/pythontex.pdf en manual
  shipped latexindent.pdf texlive-extra-utils $tu/latexindent/latexindent.pdf en manual
  shipped texosquery.pdf texlive-extra-utils $tu/texosquery/texosquery.pdf en manual
  shipped xindex-doc.pdf texlive-extra-utils $tl/lualatex/xindex/xindex-doc.pdf en manual
  shipped make4ht-doc.pdf texlive-extra-utils $tu/make4ht/make4ht-doc.pdf en manual
  shipped llmk.pdf texlive-extra-utils $tu/light-latex-make/llmk.pdf en manual
  shipped cluttex-ja.pdf texlive-extra-utils $tu/cluttex/doc/cluttex-ja.pdf ja manual
  shipped ctan_chk.pdf texlive-extra-utils $tu/ctan_chk/ctan_chk.pdf en manual
  shipped ltximg-doc.pdf texlive-extra-utils $tu/ltximg/ltximg-doc.pdf en manual
  shipped latex2man.pdf texlive-extra-utils $tu/latex2man/latex2man.pdf en manual
  shipped spix.pdf texlive-extra-utils $tu/spix/spix.pdf en manual
  shipped checklistings.pdf texlive-extra-utils $tp/checklistings/checklistings.pdf en manual
  shipped mf2pt1.pdf texlive-font-utils $tu/mf2pt1/mf2pt1.pdf en manual
  shipped luafindfont-doc.pdf texlive-font-utils $tu/luafindfont/luafindfont-doc.pdf en manual
  shipped euro.pdf texlive-fonts-recommended-doc $tp/euro/euro.pdf en manual
  shipped pazotest.pdf texlive-fonts-recommended-doc $tp/mathpazo/pazotest.pdf en example
  shipped asymptote.pdf asymptote-doc $doc/asymptote/asymptote.pdf en manual
  shipped liboctave.pdf octave-doc $doc/octave/liboctave.pdf en manual
  shipped debian-reference.pt-br.pdf debian-reference-pt-br usr/share/debian-reference/debian-reference.pt-br.pdf pt-br manual
  shipped pst-geometrictools-fr-doc.pdf texlive-pstricks-doc $tg/pst-geometrictools/pst-geometrictools-fr-doc.pdf fr manual
  shipped auto-pst-pdf.pdf texlive-pstricks-doc $tp/auto-pst-pdf/auto-pst-pdf.pdf en manual
  shipped bclogo-doc.pdf texlive-pstricks-doc $tp/bclogo/bclogo-doc.pdf fr manual
  shipped pstricks-calcnotes-ThreeApps.pdf texlive-pstricks-doc $tp/pstricks_calcnotes/ThreeAppsPDF.pdf en paper
  shipped pdftricks-manual.pdf texlive-pstricks-doc $tp/pdftricks/manual.pdf en manual
  shipped pst-tree-doc.pdf texlive-pstricks-doc $tg/pst-tree/pst-tree-doc.pdf en manual
  shipped pst-bar-doc.pdf texlive-pstricks-doc $tg/pst-bar/pst-bar-doc.pdf en manual
  shipped uml.ghostscript.pdf texlive-pstricks-doc $tp/uml/uml.pdf en manual
  shipped pst-optexp-DE.ghostscript.pdf texlive-pstricks-doc $tp/pst-optexp/pst-optexp-DE.pdf de manual
  shipped pst-vehicle-doc-fr.ghostscript.pdf texlive-pstricks-doc $tg/pst-vehicle/pst-vehicle-doc-fr.pdf fr manual
  shipped pst-uml-doc.ghostscript.pdf texlive-pstricks-doc $tg/pst-uml/pst-uml-doc.pdf fr manual
  shipped pst-sigsys-doc.ghostscript.pdf texlive-pstricks-doc $tg/pst-sigsys/pst-sigsys-doc.pdf en manual
  # LilyPond's manuals are texinfo typeset by TeX, then rewritten by Ghostscript.
  shipped lilypond-usage.ca.ghostscript.pdf lilypond-doc-pdf-ca $ly/usage.ca.pdf ca manual
  shipped lilypond-essay.hu.ghostscript.pdf lilypond-doc-pdf-hu $ly/essay.hu.pdf hu manual
  shipped pst-pulley-doc.distiller.pdf texlive-pstricks-doc $tg/pst-pulley/pst-pulley-doc.pdf en manual
  shipped pst-rputover-doc.distiller.pdf texlive-pstricks-doc $tg/pst-rputover/pst-rputover-doc.pdf en manual
  shipped arara-manual.weasyprint.pdf texlive-extra-utils $tu/arara/arara-manual.pdf en manual

  # --- converted -----------------------------------------------------------------------------------------------
  # LibreOffice's help is translated in part: each page here is one whose letters are mostly the language's own.
  chromium_pdf lo-help-calc-04060109.el.chromium.pdf libreoffice-help-el $lh/el/text/scalc/01/04060109.html el manual
  chromium_pdf lo-help-impress-10100000.km.chromium.pdf libreoffice-help-km $lh/km/text/simpress/02/10100000.html km manual
  chromium_pdf lilypond-web-reviews.cs.chromium.pdf lilypond-doc-html-cs $ly/web/reviews.cs.html cs manual
  chromium_pdf pppd.8.zh-cn.chromium.pdf manpages-zh "$(pandoc_converted manpages-zh $man/zh_CN/man8/pppd.8.gz man html)" zh-cn manual
  chromium_pdf b2sum.1.mk.chromium.pdf manpages-mk "$(pandoc_converted manpages-mk $man/mk/man1/b2sum.1.gz man html)" mk manual
  weasyprint_pdf lo-help-shared-05020301.tr.weasyprint.pdf libreoffice-help-tr $lh/tr/text/shared/01/05020301.html tr manual
  weasyprint_pdf lo-help-impress-10070000.dz.weasyprint.pdf libreoffice-help-dz $lh/dz/text/simpress/02/10070000.html dz manual
  weasyprint_pdf lilypond-learning-simple-notation.ja.weasyprint.pdf lilypond-doc-html-ja $ly/learning/simple-notation.ja.html ja manual
  weasyprint_pdf aptitude-ch02s01s02-2col.ru.weasyprint.pdf aptitude-doc-ru $ap/ru/ch02s01s02.html ru manual "$two_columns"
  libreoffice_pdf lo-help-chart-04060000.vi.libreoffice.pdf libreoffice-help-vi $lh/vi/text/schart/01/04060000.html vi manual
  libreoffice_pdf aptitude-rn01re01.cs.libreoffice.pdf aptitude-doc-cs $ap/cs/rn01re01.html cs manual
  pandoc_libreoffice_pdf sudoers.5.ja.libreoffice.pdf manpages-ja $man/ja/man5/sudoers.5.gz man ja manual
  pandoc_libreoffice_pdf bc.1.hu.libreoffice.pdf manpages-hu $man/hu/man1/bc.1.gz man hu manual
  fop_pdf bison.1.el.fop.pdf manpages-el $man/el/man1/bison.1.gz man el manual 'DejaVu Serif'
  fop_pdf ls.1.sr.fop.pdf manpages-sr $man/sr/man1/ls.1.gz man sr manual 'DejaVu Serif'
  fop_pdf aptitude-ch02s05s01.es.fop.pdf aptitude-doc-es $ap/es/ch02s05s01.html html es manual
  groff_ms_pdf tar.1.da.gropdf.pdf manpages-da $man/da/man1/tar.1.gz pdf da manual
  groff_ms_pdf batch.1.id.gropdf.pdf manpages-id $man/id/man1/batch.1.gz pdf id manual
  groff_ms_pdf date.1.nb.ghostscript.pdf manpages-nb $man/nb/man1/date.1.gz ps nb manual
  # htmldoc --book makes no page of a book without an <h1>: a chapter's own page comes first, then its sections' pages.
  htmldoc_pdf aptitude-ch02s02-book.fi.htmldoc.pdf aptitude-doc-fi 'fi' manual $ap/fi/ch02.html $ap/fi/ch02s02.html \
    $ap/fi/ch02s02s01.html $ap/fi/ch02s02s02.html $ap/fi/ch02s02s03.html $ap/fi/ch02s02s04.html $ap/fi/ch02s02s05.html \
    $ap/fi/ch02s02s06.html
  htmldoc_pdf aptitude-ch01-book.nl.htmldoc.pdf aptitude-doc-nl nl manual $ap/nl/ch01.html $ap/nl/ch01s01.html \
    $ap/nl/ch01s01s01.html $ap/nl/ch01s01s02.html $ap/nl/ch01s01s03.html $ap/nl/ch01s01s04.html $ap/nl/ch01s01s05.html \
    $ap/nl/ch01s02.html
}

documents_6() {
  local sq=$doc/sqlite3 pg=$doc/postgresql-doc-15/html cm=$doc/cmake-data/html/manual zs=$doc/zsh-common/html
  local lh=usr/share/libreoffice/help man=usr/share/man htmldoc_charset=utf-8
  # --- PDFs as shipped: texinfo (pdfTeX) -----------------------------------------------------------------------
  shipped bashref.pdf bash-doc $doc/bash/bashref.pdf en manual
  shipped zsh.pdf zsh-doc $doc/zsh-common/zsh.pdf en manual
  # --- converted: pages drawn with Python's random.seed(2611/2612) among those of 12-250 kB with 4 headings or more ---
  fop_pdf sqlite-howtocorrupt.fop.pdf sqlite3-doc $sq/howtocorrupt.html html en manual
  fop_pdf postgresql-sql-createaggregate.fop.pdf postgresql-doc-15 $pg/sql-createaggregate.html html en manual
  fop_pdf zsh-introduction.fop.pdf zsh-doc $zs/Introduction.html html en manual
  fop_pdf gmake.1.pl.fop.pdf manpages-pl $man/pl/man1/gmake.1.gz man pl manual 'DejaVu Serif'
  fop_pdf rtnetlink.7.pt-br.fop.pdf manpages-pt-br $man/pt_BR/man7/rtnetlink.7.gz man pt-br manual
  fop_pdf lo-help-calc-borders.ja.fop.pdf libreoffice-help-ja $lh/ja/text/scalc/guide/borders.html html ja manual 'IPAPGothic'
  fop_pdf keyctl.2.fop.pdf manpages-dev $man/man2/keyctl.2.gz man en manual
  weasyprint_pdf sqlite-datatype3.weasyprint.pdf sqlite3-doc $sq/datatype3.html en manual
  weasyprint_pdf postgresql-libpq-ssl-2col.weasyprint.pdf postgresql-doc-15 $pg/libpq-ssl.html en manual "$two_columns"
  weasyprint_pdf zsh-prompt-expansion.weasyprint.pdf zsh-doc $zs/Prompt-Expansion.html en manual
  weasyprint_pdf lo-help-writer-04090002.zh-cn.weasyprint.pdf libreoffice-help-zh-cn $lh/zh-CN/text/swriter/01/04090002.html \
    zh-cn manual
  weasyprint_pdf lo-help-calc-04060184.pl.weasyprint.pdf libreoffice-help-pl $lh/pl/text/scalc/01/04060184.html pl manual
  weasyprint_pdf cmake-file-api-2col.weasyprint.pdf cmake-doc $cm/cmake-file-api.7.html en manual "$two_columns"
  chromium_pdf sqlite-news.chromium.pdf sqlite3-doc $sq/news.html en manual
  chromium_pdf postgresql-sql-merge.chromium.pdf postgresql-doc-15 $pg/sql-merge.html en manual
  chromium_pdf cmake-gui.1.chromium.pdf cmake-doc $cm/cmake-gui.1.html en manual
  chromium_pdf lo-help-shared-main0227.ja.chromium.pdf libreoffice-help-ja $lh/ja/text/shared/main0227.html ja manual
  chromium_pdf zsh-shell-grammar.chromium.pdf zsh-doc $zs/Shell-Grammar.html en manual
  chromium_pdf mkfs.msdos.8.pl.chromium.pdf manpages-pl "$(pandoc_converted manpages-pl $man/pl/man8/mkfs.msdos.8.gz man html)" pl manual
  libreoffice_pdf sqlite-sessionintro.libreoffice.pdf sqlite3-doc $sq/sessionintro.html en manual
  libreoffice_pdf postgresql-sql-createtrigger.libreoffice.pdf postgresql-doc-15 $pg/sql-createtrigger.html en manual
  libreoffice_pdf lo-help-chart-04050100.pl.libreoffice.pdf libreoffice-help-pl $lh/pl/text/schart/01/04050100.html pl manual
  # Sphinx's pages repeat ids, which FOP refuses: cmake's go to the other converters only.
  libreoffice_pdf cmake-qt.7.libreoffice.pdf cmake-doc $cm/cmake-qt.7.html en manual
  pandoc_libreoffice_pdf localectl.1.pt-br.libreoffice.pdf manpages-pt-br $man/pt_BR/man1/localectl.1.gz man pt-br manual
  pandoc_libreoffice_pdf prlimit.2.libreoffice.pdf manpages-dev $man/man2/prlimit.2.gz man en manual
  # groff's fonts hold Latin-1 only: its Polish pages lose Ą, Ę, Ś, Ż on the page (the outline keeps them), and gropdf 1.22
  # writes the outline titles of such headings as octal digits without their backslashes: those rows measure the converter.
  groff_ms_pdf bc.1.pl.gropdf.pdf manpages-pl $man/pl/man1/bc.1.gz pdf pl manual
  groff_ms_pdf waitpid.2.gropdf.pdf manpages-dev $man/man2/waitpid.2.gz pdf en manual
  groff_ms_pdf suffixes.7.pt-br.ghostscript.pdf manpages-pt-br $man/pt_BR/man7/suffixes.7.gz ps pt-br manual
  groff_ms_pdf select.2.ghostscript.pdf manpages-dev $man/man3/FD_CLR.3.gz ps en manual
  groff_ms_pdf bzip2.1.pl.ghostscript.pdf manpages-pl $man/pl/man1/bzip2recover.1.gz ps pl manual
  # htmldoc --book makes no page of a file without an <h1>: pages drawn (seed 2613) among those with one.
  htmldoc_pdf sqlite-book.htmldoc.pdf sqlite3-doc en manual $sq/floatingpoint.html $sq/foreignkeys.html $sq/rbu.html
  htmldoc_pdf zsh-book.htmldoc.pdf zsh-doc en manual $zs/FAQ03.html $zs/Arithmetic-Evaluation.html
}

documents_7() {
  local td=$doc/texlive-doc
  # --- PDFs as shipped, drawn by a seeded shuffle (see the header) -------------------------------------------------
  shipped askinclude.pdf texlive-latex-extra-doc $td/latex/askinclude/askinclude.pdf en manual
  shipped beamerappendixnote.pdf texlive-latex-extra-doc $td/latex/beamerappendixnote/beamerappendixnote.pdf en slides
  shipped beamerthemeNord.pdf texlive-latex-extra-doc $td/latex/beamerthemenord/beamerthemeNord.pdf en slides
  shipped charset.pdf texlive-fonts-extra-doc $td/fonts/gentium-tug/GentiumPlus-6.101/documentation/pdf/charset.pdf en manual
  shipped cnltx_en.pdf texlive-latex-extra-doc $td/latex/cnltx/cnltx_en.pdf en manual
  shipped comicneue.pdf texlive-fonts-extra-doc $td/latex/comicneue/comicneue.pdf en manual
  shipped cooltooltips.pdf texlive-latex-extra-doc $td/latex/cooltooltips/cooltooltips.pdf en manual
  shipped cprotectinside.pdf texlive-latex-extra-doc $td/latex/cprotectinside/cprotectinside.pdf en manual
  shipped create-theorem-doc.pdf texlive-latex-extra-doc $td/latex/create-theorem/create-theorem-doc.pdf en manual
  shipped crossreftools_driver.pdf texlive-latex-extra-doc $td/latex/crossreftools/crossreftools_driver.pdf en manual
  shipped datetime2-estonian.pdf texlive-latex-extra-doc $td/latex/datetime2-estonian/datetime2-estonian.pdf en manual
  shipped datetime2-lsorbian.pdf texlive-latex-extra-doc $td/latex/datetime2-lsorbian/datetime2-lsorbian.pdf en manual
  shipped datetime2-norsk.pdf texlive-latex-extra-doc $td/latex/datetime2-norsk/datetime2-norsk.pdf en manual
  shipped democodetools.pdf texlive-latex-extra-doc $td/latex/democodetools/democodetools.pdf en manual
  shipped dingbat.pdf texlive-fonts-extra-doc $td/fonts/dingbat/dingbat.pdf en manual
  shipped easyReview.pdf texlive-latex-extra-doc $td/latex/easyreview/doc/easyReview.pdf en manual
  shipped econlipsum.pdf texlive-latex-extra-doc $td/latex/econlipsum/econlipsum.pdf en manual
  shipped engpron-fr.pdf texlive-latex-extra-doc $td/latex/engpron/engpron-fr.pdf fr manual
  shipped Example-of-use-en.pdf texlive-latex-extra-doc $td/lualatex/beamer-rl/Example-of-use-en.pdf en slides
  shipped example-outer-splitwithminiframes.pdf texlive-latex-extra-doc $td/latex/beamerauxtheme/example-outer-splitwithminiframes.pdf en slides
  shipped fetamont-typeface.pdf texlive-fonts-extra-doc $td/fonts/fetamont/fetamont-typeface.pdf en manual
  shipped gitinfo.pdf texlive-latex-extra-doc $td/latex/gitinfo/gitinfo.pdf en manual
  shipped gmiflink.pdf texlive-latex-extra-doc $td/latex/gmiflink/gmiflink.pdf en manual
  shipped graphicscache.pdf texlive-latex-extra-doc $td/latex/graphicscache/graphicscache.pdf en manual
  shipped grayhints.pdf texlive-latex-extra-doc $td/latex/grayhints/doc/grayhints.pdf en manual
  shipped hep-title-implementation.pdf texlive-latex-extra-doc $td/latex/hep-title/hep-title-implementation.pdf en manual
  shipped latexrelease.pdf texlive-latex-extra-doc $td/latex-dev/base/latexrelease.pdf en manual
  shipped ltfilehook-code.pdf texlive-latex-extra-doc $td/latex-dev/base/ltfilehook-code.pdf en manual
  shipped ltnews36.pdf texlive-latex-extra-doc $td/latex-dev/base/ltnews36.pdf en manual
  shipped ltshipout-doc.pdf texlive-latex-extra-doc $td/latex-dev/base/ltshipout-doc.pdf en manual
  shipped makeindx.pdf texlive-latex-extra-doc $td/latex-dev/base/makeindx.pdf en manual
  shipped minipage-marginpar.pdf texlive-latex-extra-doc $td/latex/minipage-marginpar/minipage-marginpar.pdf en manual
  shipped powerdot.pdf texlive-latex-extra-doc $td/latex/powerdot/powerdot.pdf en slides
  shipped romanbarpagenumber.pdf texlive-latex-extra-doc $td/latex/romanbarpagenumber/romanbarpagenumber.pdf en manual
  shipped SaintPetersburg.pdf texlive-latex-extra-doc $td/latex/beamertheme-saintpetersburg/SaintPetersburg.pdf en slides
  shipped savetrees.pdf texlive-latex-extra-doc $td/latex/savetrees/savetrees.pdf en manual
  shipped seealso.pdf texlive-latex-extra-doc $td/latex/seealso/seealso.pdf zh manual
  shipped semesterplanner.pdf texlive-latex-extra-doc $td/lualatex/semesterplanner/semesterplanner.pdf en manual
  shipped shdoc.pdf texlive-latex-extra-doc $td/latex/shdoc/shdoc.pdf en manual
  shipped simpleinvoice.pdf texlive-latex-extra-doc $td/latex/simpleinvoice/doc/simpleinvoice.pdf en manual
  shipped skeycommand-guide.pdf texlive-latex-extra-doc $td/latex/skeycommand/skeycommand-guide.pdf en manual
  shipped skrapport.pdf texlive-latex-extra-doc $td/latex/skrapport/skrapport.pdf en manual
  shipped sourcecodepro.pdf texlive-fonts-extra-doc $td/latex/sourcecodepro/sourcecodepro.pdf en manual
  shipped spark-otf-doc.pdf texlive-latex-extra-doc $td/fonts/spark-otf/spark-otf-doc.pdf en manual
  shipped standalone.pdf texlive-latex-extra-doc $td/latex/standalone/standalone.pdf en manual
  shipped STIXTwoText-Regular.pdf texlive-fonts-extra-doc $td/fonts/stix2-otf/STIXTwoText-Regular.pdf en manual
  shipped svn-multi.pdf texlive-latex-extra-doc $td/latex/svn-multi/svn-multi.pdf en manual
  shipped symbats3.pdf texlive-fonts-extra-doc $td/fonts/symbats3/symbats3.pdf en manual
  shipped testidx-manual.pdf texlive-latex-extra-doc $td/latex/testidx/testidx-manual.pdf en manual
  shipped theorem.pdf texlive-latex-extra-doc $td/latex-dev/tools/theorem.pdf en manual
  shipped to-be-determined.pdf texlive-latex-extra-doc $td/latex/to-be-determined/to-be-determined.pdf en manual
  shipped totalcount.pdf texlive-latex-extra-doc $td/latex/totalcount/totalcount.pdf en manual
  shipped totcount.pdf texlive-latex-extra-doc $td/latex/totcount/totcount.pdf en manual
  shipped trigontheme.pdf texlive-latex-extra-doc $td/latex/beamertheme-trigon/trigontheme.pdf en slides
  shipped unicodefonttable-doc.pdf texlive-latex-extra-doc $td/latex/unicodefonttable/unicodefonttable-doc.pdf en manual
  shipped vdmlisting.pdf texlive-latex-extra-doc $td/latex/vdmlisting/vdmlisting.pdf en manual
  shipped verbments.pdf texlive-latex-extra-doc $td/latex/verbments/verbments.pdf en manual
  shipped widows-and-orphans-code.pdf texlive-latex-extra-doc $td/latex/widows-and-orphans/widows-and-orphans-code.pdf en manual
  shipped xassoccnt_getparentcounter_example.pdf texlive-latex-extra-doc $td/latex/xassoccnt/xassoccnt_getparentcounter_example.pdf en manual
  shipped xbmksman.pdf texlive-latex-extra-doc $td/latex/xbmks/docs/xbmksman.pdf en manual
}

documents_8() {
  local td=$doc/texlive-doc
  # --- PDFs as shipped, drawn by a seeded shuffle (see the header) -------------------------------------------------
  shipped aastex-sample631.pdf texlive-publishers-doc $td/latex/aastex/sample631.pdf en paper
  shipped apa7-longsample.pdf texlive-publishers-doc $td/latex/apa7/samples/longsample.pdf en paper
  shipped asmejour-template.pdf texlive-publishers-doc $td/latex/asmejour/asmejour-template.pdf en paper
  shipped bmstu-iu8-bmstu-example.pdf texlive-publishers-doc $td/latex/bmstu-iu8/bmstu-example.pdf ru paper
  shipped brandeis-problemset-example.pdf texlive-publishers-doc $td/latex/brandeis-problemset/example.pdf en paper
  shipped classicthesis-arsclassica-book.pdf texlive-publishers-doc $td/latex/classicthesis/Examples/classicthesis-arsclassica-book.pdf en thesis
  shipped cmpj-template.pdf texlive-publishers-doc $td/latex/cmpj/template.pdf en paper
  shipped ejpecp-sample.pdf texlive-publishers-doc $td/latex/ejpecp/sample.pdf en paper
  shipped els-cas-templates-elsdoc-cas.pdf texlive-publishers-doc $td/latex/els-cas-templates/doc/elsdoc-cas.pdf en paper
  shipped elsarticle-elsdoc.pdf texlive-publishers-doc $td/latex/elsarticle/elsdoc.pdf en paper
  shipped hagenberg-thesis-main.pdf texlive-publishers-doc $td/latex/hagenberg-thesis/examples/HgbArticle/main.pdf en thesis
  shipped hep-paper-documentation.pdf texlive-publishers-doc $td/latex/hep-paper/hep-paper-documentation.pdf en paper
  shipped hfutthesis-example.pdf texlive-publishers-doc $td/xelatex/hfutthesis/hfutthesis-example.pdf zh-cn thesis
  shipped kdgdocs-kdgcoursetext-example.pdf texlive-publishers-doc $td/latex/kdgdocs/kdgcoursetext-example.pdf en paper
  shipped mlacls-mla-example.pdf texlive-publishers-doc $td/latex/mlacls/mla-example.pdf en paper
  shipped msu-thesis-MSU-thesis-chapterbib-testfile.pdf texlive-publishers-doc $td/latex/msu-thesis/samples/MSU-thesis-chapterbib-testfile.pdf en thesis
  shipped ndsu-thesis-2022-ndsu-example.pdf texlive-publishers-doc $td/latex/ndsu-thesis-2022/ndsu-example.pdf en thesis
  shipped nihbiosketch-example-nihbiosketch.pdf texlive-publishers-doc $td/latex/nihbiosketch/example-nihbiosketch.pdf en paper
  shipped nwejm-article-in-dutch.pdf texlive-publishers-doc $td/latex/nwejm/examples/article-in-dutch.pdf nl paper
  shipped oup-authoring-template-doc.pdf texlive-publishers-doc $td/latex/oup-authoring-template/doc/oup-authoring-template-doc.pdf en paper
  shipped philosophersimprint-sample.pdf texlive-publishers-doc $td/latex/philosophersimprint/sample.pdf en paper
  shipped pkuthss-example.pdf texlive-publishers-doc $td/latex/pkuthss/example.pdf zh-cn paper
  shipped pracjourn-pjsample.pdf texlive-publishers-doc $td/latex/pracjourn/pjsample.pdf en paper
  shipped prtec-PRTEC19-template.pdf texlive-publishers-doc $td/latex/prtec/PRTEC19-template.pdf en paper
  shipped quantumarticle-quantum-bibliographystyle-demo.pdf texlive-publishers-doc $td/latex/quantumarticle/quantum-bibliographystyle-demo.pdf en paper
  shipped resphilosophica-rpsample.pdf texlive-publishers-doc $td/latex/resphilosophica/rpsample.pdf en paper
  shipped ryersonsgsthesis-rsgs-example.pdf texlive-publishers-doc $td/latex/ryersonsgsthesis/rsgs-example.pdf en thesis
  shipped ryethesis-ryesample.pdf texlive-publishers-doc $td/latex/ryethesis/ryesample.pdf en thesis
  shipped sduthesis-demo.pdf texlive-publishers-doc $td/latex/sduthesis/sduthesis-demo.pdf zh-cn thesis
  shipped se2thesis-master-thesis-example.pdf texlive-publishers-doc $td/latex/se2thesis/se2thesis-master-thesis-example.pdf en thesis
  shipped sphdthesis-thesis.pdf texlive-publishers-doc $td/latex/sphdthesis/example/thesis.pdf en thesis
  shipped thesis-gwu-thesis-sample.pdf texlive-publishers-doc $td/latex/thesis-gwu/thesis-sample.pdf en thesis
  shipped thuthesis-example.pdf texlive-publishers-doc $td/latex/thuthesis/thuthesis-example.pdf zh-cn thesis
  shipped tlc-article.pdf texlive-publishers-doc $td/latex/tlc-article/doc/tlc-article.pdf en paper
  shipped toptesi-Toptesi-example-topfront.pdf texlive-publishers-doc $td/latex/toptesi/Toptesi-example-topfront.pdf it thesis
  shipped ucalgmthesis-sample-thesis.pdf texlive-publishers-doc $td/latex/ucalgmthesis/sample-thesis.pdf en thesis
  shipped unamth-template-tesis.pdf texlive-publishers-doc $td/latex/unamth-template/tesis.pdf es thesis
  shipped unifith-Dottorato.pdf texlive-publishers-doc $td/latex/unifith/examples/Dottorato.pdf it thesis
  shipped univie-ling-paper.pdf texlive-publishers-doc $td/latex/univie-ling/univie-ling-paper.pdf en paper
  shipped urcls-URpagestyles-DEMO.pdf texlive-publishers-doc $td/latex/urcls/URpagestyles-DEMO.pdf en paper
}

documents_9() {
  local td=$doc/texlive-doc
  # --- PDFs as shipped, drawn by a seeded shuffle (see the header) -------------------------------------------------
  shipped beamerswitch.pdf texlive-pictures-doc $td/latex/beamerswitch/beamerswitch.pdf en manual
  shipped blochsphere.pdf texlive-pictures-doc $td/latex/blochsphere/blochsphere.pdf en manual
  shipped bodegraph.pdf texlive-pictures-doc $td/latex/bodegraph/bodegraph.pdf en manual
  shipped bondgraphs.pdf texlive-pictures-doc $td/latex/bondgraphs/bondgraphs.pdf en manual
  shipped byrne-latex.pdf texlive-pictures-doc $td/metapost/byrne/byrne-latex.pdf en manual
  shipped even2s2c.pdf texlive-pictures-doc $td/latex/hvfloat/even2s2c.pdf en manual
  shipped gradientframe.pdf texlive-pictures-doc $td/latex/gradientframe/gradientframe.pdf en manual
  shipped grafcet.pdf texlive-pictures-doc $td/latex/grafcet/grafcet.pdf en manual
  shipped graph35-fr.pdf texlive-pictures-doc $td/latex/graph35/graph35-fr.pdf fr manual
  shipped kblocks-doc.pdf texlive-pictures-doc $td/latex/kblocks/kblocks-doc.pdf en manual
  shipped knots.pdf texlive-pictures-doc $td/latex/spath3/knots.pdf en manual
  shipped ladder.pdf texlive-pictures-doc $td/latex/ladder/ladder.pdf en manual
  shipped luamesh-doc.pdf texlive-pictures-doc $td/lualatex/luamesh/luamesh-doc.pdf en manual
  shipped neural-networks-ebook.pdf texlive-pictures-doc $td/latex/neuralnetwork/examples/neural-networks-ebook.pdf en manual
  shipped NumericPlots.pdf texlive-pictures-doc $td/latex/numericplots/NumericPlots.pdf en manual
  shipped ornaments.pdf texlive-pictures-doc $td/latex/pgfornament/ornaments.pdf en manual
  shipped penrose_code.pdf texlive-pictures-doc $td/latex/penrose/penrose_code.pdf en manual
  shipped pgf-interference-en.pdf texlive-pictures-doc $td/latex/pgf-interference/pgf-interference-en.pdf en manual
  shipped pgf-spectraDataNIST.pdf texlive-pictures-doc $td/latex/pgf-spectra/pgf-spectraDataNIST.pdf en manual
  shipped pixelart0.pdf texlive-pictures-doc $td/latex/pixelart/pixelart0.pdf en manual
  shipped sample-handout.pdf texlive-pictures-doc $td/latex/tufte-latex/sample-handout.pdf en manual
  shipped scsnowman.pdf texlive-pictures-doc $td/latex/scsnowman/scsnowman.pdf en manual
  shipped TeX-programming-notes.pdf texlive-pictures-doc $td/latex/pgfplots/TeX-programming-notes.pdf en manual
  shipped tikz-dimline-doc.pdf texlive-pictures-doc $td/latex/tikz-dimline/tikz-dimline-doc.pdf en manual
  shipped tikz-sfc-doc.pdf texlive-pictures-doc $td/latex/tikz-sfc/tikz-sfc-doc.pdf en manual
  shipped tikzmark.pdf texlive-pictures-doc $td/latex/tikzmark/tikzmark.pdf en manual
  shipped tikzmarmots-doc.pdf texlive-pictures-doc $td/latex/tikzmarmots/tikzmarmots-doc.pdf en manual
  shipped tikzorbital.pdf texlive-pictures-doc $td/latex/tikzorbital/tikzorbital.pdf en manual
  shipped tikzposter.pdf texlive-pictures-doc $td/latex/tikzposter/tikzposter.pdf en manual
  shipped tkzexample.pdf texlive-pictures-doc $td/latex/tkzexample/tkzexample.pdf en manual
  shipped tonevalue.pdf texlive-pictures-doc $td/latex/tonevalue/tonevalue.pdf en manual
  shipped xyguide.pdf texlive-pictures-doc $td/generic/xypic/xyguide.pdf en manual
}

documents_"$set"

find "$out" -maxdepth 1 -name '*.pdf' -empty -print -delete | sed 's/^/empty, removed: /' >&2
echo "$(($(wc -l <"$manifest") - 1)) PDFs in $out (manifest.tsv, licences/)" >&2
