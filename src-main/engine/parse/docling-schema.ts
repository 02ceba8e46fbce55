import { z } from 'zod';

/**
 * The shape of DoclingDocument JSON (schema 1.0 to 1.10) that the loader, the serializers and the
 * chunkers read: every field they use has its type checked, so that a damaged or hand-made file is
 * refused when it is opened instead of failing inside a chunker. Unknown fields are kept; fields that
 * older schemas leave out are optional here and filled in by the loader.
 */

const count = z.number().int().nonnegative();
const ref = z.looseObject({ $ref: z.string() });
const refs = z.array(ref).optional();

const boundingBox = z.looseObject({
  l: z.number(),
  t: z.number(),
  r: z.number(),
  b: z.number(),
  coord_origin: z.enum(['TOPLEFT', 'BOTTOMLEFT']).optional(),
});

const provenance = z.looseObject({
  page_no: count,
  bbox: boundingBox,
  charspan: z.tuple([z.number(), z.number()]).optional(),
});

const tableCell = z.looseObject({
  text: z.string(),
  start_row_offset_idx: count,
  end_row_offset_idx: count,
  start_col_offset_idx: count,
  end_col_offset_idx: count,
  row_span: count.optional(),
  col_span: count.optional(),
  column_header: z.boolean().optional(),
  row_header: z.boolean().optional(),
  row_section: z.boolean().optional(),
  bbox: boundingBox.nullish(),
  ref: ref.optional(),
});

const tableData = z.looseObject({
  table_cells: z.array(tableCell).optional(),
  grid: z.array(z.array(tableCell)).optional(),
  num_rows: count,
  num_cols: count,
});

const imageRef = z.looseObject({
  mimetype: z.string(),
  dpi: z.number(),
  size: z.looseObject({ width: z.number(), height: z.number() }),
  uri: z.string(),
});

const textAnnotation = z.looseObject({ text: z.string() });
const meta = z
  .looseObject({
    summary: textAnnotation.optional(),
    description: textAnnotation.optional(),
    classification: z
      .looseObject({ predictions: z.array(z.looseObject({ class_name: z.string(), confidence: z.number().nullish() })) })
      .optional(),
    molecule: z.looseObject({ smi: z.string() }).optional(),
    tabular_chart: z.looseObject({ title: z.string().nullish(), chart_data: tableData }).optional(),
  })
  .nullish();

/** Legacy (before schema 1.7) picture and table annotations, migrated into `meta` on load. */
const legacyAnnotations = z
  .array(
    z.looseObject({
      kind: z.string().optional(),
      text: z.string().optional(),
      provenance: z.string().optional(),
      predicted_classes: z.array(z.looseObject({ class_name: z.string(), confidence: z.number().nullish() })).optional(),
      smi: z.string().optional(),
      title: z.string().nullish(),
      chart_data: tableData.optional(),
    }),
  )
  .optional();

const contentLayer = z.enum(['body', 'furniture', 'background', 'invisible', 'notes']);

const nodeFields = {
  self_ref: z.string(),
  parent: ref.nullish(),
  children: refs,
  content_layer: contentLayer.optional(),
  label: z.string(),
  meta,
};

const docItemFields = { ...nodeFields, prov: z.array(provenance).optional() };

const floatingFields = {
  ...docItemFields,
  captions: refs,
  references: refs,
  footnotes: refs,
  image: imageRef.nullish(),
  annotations: legacyAnnotations,
};

const group = z.looseObject({ ...nodeFields, label: z.string().optional(), name: z.string().optional() });

const textItem = z.looseObject({
  ...docItemFields,
  text: z.string(),
  orig: z.string().optional(),
  formatting: z
    .looseObject({
      bold: z.boolean().optional(),
      italic: z.boolean().optional(),
      underline: z.boolean().optional(),
      strikethrough: z.boolean().optional(),
      script: z.enum(['baseline', 'sub', 'super']).optional(),
    })
    .nullish(),
  hyperlink: z.string().nullish(),
  // docling-core's LevelNumber: a section header is at level 1 to 100.
  level: z.number().int().min(1).max(100).optional(),
  enumerated: z.boolean().optional(),
  marker: z.string().optional(),
  code_language: z.string().optional(),
  captions: refs,
  references: refs,
  footnotes: refs,
});

const tableItem = z.looseObject({ ...floatingFields, data: tableData });
const floatingItem = z.looseObject(floatingFields);

const page = z.looseObject({
  size: z.looseObject({ width: z.number(), height: z.number() }),
  page_no: count,
  image: imageRef.nullish(),
});

export const doclingDocumentSchema = z.looseObject({
  schema_name: z.literal('DoclingDocument').optional(),
  version: z.string().optional(),
  name: z.string().optional(),
  origin: z.looseObject({ mimetype: z.string(), binary_hash: z.union([z.string(), z.number()]), filename: z.string() }).nullish(),
  furniture: group.optional(),
  body: group,
  groups: z.array(group).optional(),
  texts: z.array(textItem),
  tables: z.array(tableItem).optional(),
  pictures: z.array(floatingItem).optional(),
  key_value_items: z.array(floatingItem).optional(),
  form_items: z.array(floatingItem).optional(),
  pages: z.record(z.string(), page).optional(),
});
