"""Builds small WordprocessingML packages, one construct per file (our own test documents)."""
import sys, zipfile, os
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
OUT = sys.argv[1]

def style(sid, name, based=None, outline=None, num=None, typ='paragraph', default=False, rpr=''):
    p = ''
    if outline is not None: p += f'<w:outlineLvl w:val="{outline}"/>'
    if num: p += f'<w:numPr><w:numId w:val="{num}"/></w:numPr>'
    return (f'<w:style w:type="{typ}" w:styleId="{sid}"' + (' w:default="1"' if default else '') + f'><w:name w:val="{name}"/>'
            + (f'<w:basedOn w:val="{based}"/>' if based else '') + (f'<w:pPr>{p}</w:pPr>' if p else '') + (f'<w:rPr>{rpr}</w:rPr>' if rpr else '') + '</w:style>')

def para(text, sid=None, ppr='', runs=None):
    pp = (f'<w:pStyle w:val="{sid}"/>' if sid else '') + ppr
    body = runs if runs is not None else f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'
    return f'<w:p>{"<w:pPr>" + pp + "</w:pPr>" if pp else ""}{body}</w:p>'

def write(name, styles, body, numbering=None, extra_parts=None, rels=''):
    with zipfile.ZipFile(os.path.join(OUT, name), 'w', zipfile.ZIP_DEFLATED) as z:
        z.writestr('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
            '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
            '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>')
        z.writestr('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
        r = ('<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
             + ('<Relationship Id="rIdN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' if numbering else '') + rels)
        z.writestr('word/_rels/document.xml.rels', f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{r}</Relationships>')
        z.writestr('word/styles.xml', f'<?xml version="1.0" encoding="UTF-8"?><w:styles {W}>' + style('Normal', 'Normal', default=True) + ''.join(styles) + '</w:styles>')
        if numbering: z.writestr('word/numbering.xml', f'<?xml version="1.0" encoding="UTF-8"?><w:numbering {W}>{numbering}</w:numbering>')
        for path, xml in (extra_parts or {}).items(): z.writestr(path, xml)
        z.writestr('word/document.xml', f'<?xml version="1.0" encoding="UTF-8"?><w:document {W}><w:body>{"".join(body)}<w:sectPr/></w:body></w:document>')

# 1. Heading level: the outline level of a heading-named style wins over the number in its name.
write('docx_heading_outline_level.docx',
      [style('Heading1', 'heading 1', outline=1), style('Heading2', 'heading 2')],
      [para('Einleitung und Ziele', 'Heading1'), para('Der Text des Abschnitts.'), para('Methoden im Überblick', 'Heading2'), para('Noch ein Absatz.')])

# 2. Localized style ids (German Word, Czech), outline level on the style only.
write('docx_heading_localized.docx',
      [style('Titel', 'Title'), style('berschrift1', 'heading 1', outline=0), style('berschrift2', 'heading 2', outline=1),
       style('Nadpis3', 'Nadpis 3', outline=2), style('Untertitel', 'Subtitle')],
      [para('Jahresbericht 2025', 'Titel'), para('Ein Untertitel', 'Untertitel'), para('Überblick', 'berschrift1'), para('Inhalt eins.'),
       para('Finanzen', 'berschrift2'), para('Inhalt zwei.'), para('Shrnutí výsledků', 'Nadpis3'), para('Text tři.')])

# 3. A direct outline level on a body paragraph is not a heading for Docling (it reads styles only).
write('docx_direct_outline_level.docx', [],
      [para('Rapport annuel'), para('Une ligne avec un niveau de plan', ppr='<w:outlineLvl w:val="0"/>'), para('Le corps du texte.')])

# 4. Heading-named styles without a level, and a two-step basedOn chain.
write('docx_heading_custom_styles.docx',
      [style('Heading2', 'heading 2'), style('ChapterHeading', 'Chapter Heading'), style('Heading', 'Heading'),
       style('SideNote', 'Side Note', based='Heading2'), style('SideNoteSmall', 'Side Note Small', based='SideNote')],
      [para('Chapter one', 'ChapterHeading'), para('Body one.'), para('Plain heading', 'Heading'), para('Body two.'),
       para('Side heading', 'SideNote'), para('Body three.'), para('Small side note', 'SideNoteSmall'), para('Body four.')])

# 5. Numbered headings whose level texts are not hierarchical (%1. then %2.), and roman chapters.
num = ('<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1."/></w:lvl>'
       '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%2)"/></w:lvl></w:abstractNum>'
       '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>')
write('docx_heading_numbered_roman.docx',
      [style('Heading1', 'heading 1', outline=0), style('Heading2', 'heading 2', outline=1)],
      [para('Introduction', 'Heading1', ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'), para('Text.'),
       para('Scope', 'Heading2', ppr='<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>'), para('Text.'),
       para('Terms', 'Heading2', ppr='<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>'), para('Text.'),
       para('Method', 'Heading1', ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'), para('Text.')], numbering=num)

# 6. Code: a code-named style and a monospaced run; consecutive paragraphs form one block.
write('docx_code_blocks.docx',
      [style('SourceCode', 'Source Code'), style('Heading1', 'heading 1', outline=0)],
      [para('Example', 'Heading1'), para('Run this:'), para('def main():', 'SourceCode'), para('    return 42', 'SourceCode'),
       para('After the code.'),
       para('', runs='<w:r><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/></w:rPr><w:t>x = compute(1, 2);</w:t></w:r>'),
       para('The end.')])

# 7. Footnotes and endnotes: Docling's Word backend does not read them.
notes = (f'<?xml version="1.0" encoding="UTF-8"?><w:footnotes {W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
         '<w:footnote w:id="1"><w:p><w:r><w:t>Eine Fußnote mit Quelle.</w:t></w:r></w:p></w:footnote></w:footnotes>')
write('docx_footnotes.docx', [],
      [para('', runs='<w:r><w:t>Ein Satz mit Fußnote.</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r>'), para('Zweiter Satz.')],
      extra_parts={'word/footnotes.xml': notes},
      rels='<Relationship Id="rIdF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>')

# 8. Symbol-font glyphs (w:sym) are not text for python-docx, hence for Docling.
write('docx_symbols.docx', [],
      [para('', runs='<w:r><w:t xml:space="preserve">Erledigt </w:t></w:r><w:r><w:sym w:font="Wingdings" w:char="F0FC"/></w:r><w:r><w:t xml:space="preserve"> heute</w:t></w:r>')])

# 9. A table cell holding one code-styled paragraph is walked as a rich cell, so that it becomes a code item.
def cell(inner): return f'<w:tc>{inner}</w:tc>'
write('docx_code_in_table.docx', [style('SourceCode', 'Source Code')],
      ['<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>'
       f'<w:tr>{cell(para("Befehl"))}{cell(para("Wirkung"))}</w:tr>'
       f'<w:tr>{cell(para("ls -la", "SourceCode"))}{cell(para("listet Dateien"))}</w:tr></w:tbl>'])

# 10. Code told by a monospaced font: code punctuation, a call or a block header, nearly all of it monospaced.
def mono(text, font='Courier New'):
    return para('', runs=f'<w:r><w:rPr><w:rFonts w:ascii="{font}" w:hAnsi="{font}"/></w:rPr><w:t xml:space="preserve">{text}</w:t></w:r>')
num1 = ('<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>'
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>')
write('docx_code_by_font.docx', [style('Mono', 'Mono Body', rpr='<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/>')],
      [para('Beispiel:'), mono('for x in range(3):'), mono('    print(x)'), para('Prosa dazwischen.'),
       mono('Nur ein Satz in Schreibmaschinenschrift.'), mono('Figure 1 = Aufbau'),
       para('total = sum(values)', 'Mono'),
       para('', ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>',
            runs='<w:r><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/></w:rPr><w:t>a = b</w:t></w:r>'),
       '<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr><w:tc>' + mono('x = 1') + mono('y = 2') + '</w:tc><w:tc>' + para('Zelle') + '</w:tc></w:tr>'
       '<w:tr><w:tc>' + para('a') + '</w:tc><w:tc>' + para('b') + '</w:tc></w:tr></w:tbl>',
       para('', runs='<w:r><w:t xml:space="preserve">Gemischt </w:t></w:r><w:r><w:rPr><w:rFonts w:ascii="Courier New"/></w:rPr><w:t>x = 1</w:t></w:r>')],
      numbering=num1)

# 11. Chinese Word: numeric style ids ("1", "2") named "heading N", and a title style whose id is not "Title".
write('docx_heading_cjk.docx',
      [style('a3', 'Title'), style('1', 'heading 1', outline=0), style('2', 'heading 2', outline=1)],
      [para('年度报告', 'a3'), para('概述', '1'), para('本节介绍背景。'), para('财务状况', '2'), para('收入增长了百分之十。')])
