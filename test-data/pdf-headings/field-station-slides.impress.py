# Writes the slide deck behind field-station-slides.impress.pdf as an OpenDocument presentation:
#   python3 field-station-slides.impress.py deck.odp
#   soffice --headless --convert-to 'pdf:impress_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"}}' deck.odp
# (LibreOffice 7.4 Impress). A running header and footer on the master page, a page number on every slide,
# two slides that hold only a title, one slide built up over three pages under one title.
import sys, html, re, zipfile
slides = [
  ("Quarterly review of the field station", ["Prepared for the steering group", "Autumn meeting"]),
  ("Agenda", ["Where the station stands", "Water sampling results", "Equipment and budget", "Next steps"]),
  ("The season so far", None),
  ("Where the station stands", ["Three sites monitored since spring", "Two new volunteers trained in sampling", "Weather delayed the August visits"]),
  ("Water sampling results", ["Nitrate levels fell at the upper site", "The lower site stayed within its usual range"]),
  ("Water sampling results", ["Nitrate levels fell at the upper site", "The lower site stayed within its usual range", "Turbidity rose after the storms in September"]),
  ("Water sampling results", ["Nitrate levels fell at the upper site", "The lower site stayed within its usual range", "Turbidity rose after the storms in September", "Samples from October are still at the laboratory"]),
  ("Planning the winter", None),
  ("Equipment and budget", ["The old probe was replaced in July", "Spending is below the planned amount", "A second boat would shorten the visits"]),
  ("Questions", ["Who keeps the sampling calendar?", "Should the lower site be visited monthly?"]),
  ("Next steps", ["Publish the autumn report", "Order spare batteries for the probes", "Plan the winter visits with the volunteers"]),
  ("Questions", ["Comments are welcome by mail before the next meeting"]),
]
out = []
out.append('''<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
 xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:styles>
 <style:style style:name="title" style:family="presentation"><style:text-properties fo:font-size="32pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="outline" style:family="presentation"><style:text-properties fo:font-size="20pt"/></style:style>
 <style:style style:name="foot" style:family="graphic"><style:graphic-properties draw:stroke="none" draw:fill="none"/><style:paragraph-properties/><style:text-properties fo:font-size="10pt"/></style:style>
</office:styles>
<office:automatic-styles>
 <style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>
</office:automatic-styles>
<office:master-styles>
 <style:master-page style:name="Default" style:page-layout-name="PM1">
  <draw:frame draw:style-name="foot" svg:x="1cm" svg:y="14.6cm" svg:width="18cm" svg:height="0.8cm"><draw:text-box><text:p>Riverside Field Station · Steering group · Autumn meeting</text:p></draw:text-box></draw:frame>
  <draw:frame draw:style-name="foot" svg:x="20cm" svg:y="0.3cm" svg:width="7cm" svg:height="0.8cm"><draw:text-box><text:p>Riverside Field Station</text:p></draw:text-box></draw:frame>
 </style:master-page>
</office:master-styles>
<office:body><office:presentation>''')
for i, (title, bullets) in enumerate(slides):
    t = html.escape(title)
    out.append(f'<draw:page draw:name="{t}" draw:master-page-name="Default">')
    out.append(f'<draw:frame presentation:style-name="title" presentation:class="title" svg:x="1.4cm" svg:y="1.2cm" svg:width="25cm" svg:height="2.4cm"><draw:text-box><text:p>{t}</text:p></draw:text-box></draw:frame>')
    if bullets is None:
        out.append(f'<draw:frame draw:style-name="foot" svg:x="26cm" svg:y="14.6cm" svg:width="1.5cm" svg:height="0.8cm"><draw:text-box><text:p>{i+1}</text:p></draw:text-box></draw:frame>')
        out.append('</draw:page>')
        continue
    items = ''.join(f'<text:list-item><text:p>{html.escape(b)}</text:p></text:list-item>' for b in bullets)
    out.append(f'<draw:frame presentation:style-name="outline" presentation:class="outline" svg:x="1.4cm" svg:y="4.2cm" svg:width="25cm" svg:height="9.5cm"><draw:text-box><text:list>{items}</text:list></draw:text-box></draw:frame>')
    out.append(f'<draw:frame draw:style-name="foot" svg:x="26cm" svg:y="14.6cm" svg:width="1.5cm" svg:height="0.8cm"><draw:text-box><text:p>{i+1}</text:p></draw:text-box></draw:frame>')
    out.append('</draw:page>')
out.append('</office:presentation></office:body></office:document>')
src = '\n'.join(out)

ns = re.search(r'<office:document (.*?)>', src, re.S).group(1)
ns = re.sub(r'office:mimetype="[^"]*"', '', ns)
styles = re.search(r'<office:styles>.*?</office:styles>', src, re.S).group(0)
auto = re.search(r'<office:automatic-styles>.*?</office:automatic-styles>', src, re.S).group(0)
master = re.search(r'<office:master-styles>.*?</office:master-styles>', src, re.S).group(0)
body = re.search(r'<office:body>.*?</office:body>', src, re.S).group(0)
head = '<?xml version="1.0" encoding="UTF-8"?>\n'
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    z.writestr(zipfile.ZipInfo('mimetype'), 'application/vnd.oasis.opendocument.presentation', compress_type=zipfile.ZIP_STORED)
    z.writestr('content.xml', head + f'<office:document-content {ns}>' + body + '</office:document-content>', compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('styles.xml', head + f'<office:document-styles {ns}>' + styles + auto + master + '</office:document-styles>', compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('META-INF/manifest.xml', head + '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.presentation"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>', compress_type=zipfile.ZIP_DEFLATED)
