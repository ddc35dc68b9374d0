import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

// The map picker's lint (server/engine/geoLint.ts): a "geo" field and the form's MapPicker, each
// corrupted in a copy of schemas/.

const lintCorrupted = lintsCorrupted();

const area = 'servicearea/resources/service_area.json';
const form = 'servicearea/pages/opearator-manager-serviceArea-form.json';

describe('the map picker lint', () => {
  it('keeps "geo" on a JSON field without a shape of its own', () => {
    expect(lintCorrupted(area, (d) => (d.fields.polygon.type = 'string'))).toContain(`${area}#/fields/polygon/geo: "geo" belongs to a JSON field (it stores a GeoJSON Point or Polygon)`);
    expect(lintCorrupted(area, (d) => (d.fields.polygon.shape = { type: 'object', properties: {} }))).toEqual([`${area}#/fields/polygon/geo: a "geo" field has the engine's shape (src/shared/geo.ts); remove "shape"`]);
    expect(lintCorrupted(area, (d) => (d.fields.polygon.geo = 'line')).join('\n')).toMatch(/polygon\/geo/);
    // Without "geo" it is a plain JSON field again, which needs its shape.
    expect(lintCorrupted(area, (d) => delete d.fields.polygon.geo)).toContain(
      `${area}#/fields/polygon: JSON field "polygon" needs a "shape" (the structure its value must have, e.g. {"type": "array", "maxItems": 9, "items": {"type": "string", "file": true}})`,
    );
  });

  it('ties a MapPicker to a geo field of its resource, drawing what the field holds', () => {
    const props = `${form}#/fields/polygon/x-component-props`;
    expect(lintCorrupted(form, (d) => (d.fields.polygon['x-component-props'].mode = 'point'))).toEqual([`${props}: "mode" must be "polygon", as the field "polygon" declares`]);
    expect(lintCorrupted(form, (d) => (d.fields.remark['x-component'] = 'MapPicker'))).toContain(
      `${form}#/fields/remark/x-component-props: MapPicker edits a JSON field with "geo" (a GeoJSON point or polygon); "remark" of resource "service_area" is not one`,
    );
    expect(lintCorrupted(form, (d) => (d.fields.polygon['x-component-props'].overlay = { url: 'https://tiles.example.com/plan.png', bounds: [[31.2, 121.4]] }))).toEqual([
      `${props}: "overlay.url" is a path of the product (a stored /files/... image or an app path): no outside address, which an intranet may not reach`,
      `${props}: "overlay.bounds" is [[south, west], [north, east]] in degrees`,
    ]);
  });
});
