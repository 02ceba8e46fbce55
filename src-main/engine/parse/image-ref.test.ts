import { describe, expect, it } from 'vitest';
import { dataUriBytes, imageRefOf, MAX_IMAGE_PIXELS } from './image-ref';
import { bmpImage, canvasImage } from './parser.test-support';

describe('imageRefOf and dataUriBytes', () => {
  it('keeps the bytes as a data: URI with the type and size the header states', async () => {
    const bytes = await canvasImage('jpeg');
    const outcome = imageRefOf(bytes);
    expect(outcome).toEqual({
      image: { mimetype: 'image/jpeg', dpi: 72, size: { width: 37, height: 23 }, uri: expect.stringMatching(/^data:image\/jpeg;base64,/) },
    });
    const uri = 'image' in outcome ? outcome.image.uri : '';
    expect(Buffer.from(dataUriBytes(uri)!).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a raster image past the pixel limit by its header, before anything decodes it', () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    // The header of a BMP of side x side pixels, without them.
    const bytes = bmpImage(1, 1);
    new DataView(bytes.buffer).setInt32(18, side, true);
    new DataView(bytes.buffer).setInt32(22, side, true);
    expect(imageRefOf(bytes)).toEqual({ problem: `its ${side}×${side} image has more than 50,000,000 pixels` });
    expect(imageRefOf(bmpImage(10, 10))).toHaveProperty('image');
    // Few pixels, but wider than the decoder survives.
    const wide = bmpImage(1, 1);
    new DataView(wide.buffer).setInt32(18, 65_536, true);
    expect(imageRefOf(wide)).toEqual({ problem: 'its 65536×1 image is more than 65,535 pixels on a side' });
  });

  it('decodes base64 and percent-encoded data: URIs, and nothing else', () => {
    expect(new TextDecoder().decode(dataUriBytes('data:image/svg+xml,%3Csvg%20width%3D%221%22%2F%3E%C3%A9'))).toBe('<svg width="1"/>é');
    expect([...dataUriBytes('data:image/png;base64,AAEC\n/w==')!]).toEqual([0, 1, 2, 255]);
    expect(dataUriBytes('data:image/png,%E0%A4%A')).toBeUndefined();
    expect(dataUriBytes('https://example.com/x.png')).toBeUndefined();
  });
});
