import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

// The scope picker's lint (server/engine/audienceLint.ts): an audience field and the form's
// AudiencePicker, each corrupted in a copy of schemas/ (its own file, so the shared lint test
// stays as it is while the capabilities of issue 31 are built side by side).

const lintCorrupted = lintsCorrupted();

const notice = 'community/resources/mass_notice.json';
const form = 'community/pages/notification.json';

describe('the scope picker lint', () => {
  it('keeps an audience on a JSON field without a shape of its own', () => {
    expect(lintCorrupted(notice, (d) => (d.fields.audience.type = 'string'))).toContain(`${notice}#/fields/audience/audience: "audience" belongs to a JSON field (the picker stores { mode, ids })`);
    expect(lintCorrupted(notice, (d) => (d.fields.audience.shape = { type: 'object', properties: {} }))).toEqual([`${notice}#/fields/audience/audience: an "audience" field has the engine's shape; remove "shape"`]);
    // Without "audience" it is a plain JSON field again, which needs its shape.
    expect(lintCorrupted(notice, (d) => delete d.fields.audience.audience)).toContain(
      `${notice}#/fields/audience: JSON field "audience" needs a "shape" (the structure its value must have, e.g. {"type": "array", "maxItems": 9, "items": {"type": "string", "file": true}})`,
    );
  });

  it('ties a form\'s AudiencePicker to an audience field of its resource, its kind and its options', () => {
    const props = `${form}#/fields/audience/x-component-props`;
    expect(lintCorrupted(form, (d) => (d.fields.audience['x-component-props'].audience = 'staff'))).toEqual([`${props}: "audience" must be "owner", as the field "audience" declares`]);
    expect(lintCorrupted(form, (d) => (d.fields.audience['x-component-props'].endpoint = 'org.projects'))).toEqual([`${props}: "endpoint" must be "mass_notice.audienceOptions"`]);
    expect(lintCorrupted(form, (d) => (d.fields.title['x-component'] = 'AudiencePicker'))).toContain(`${form}#/fields/title/x-component-props: AudiencePicker edits an "audience" field; "title" of resource "mass_notice" is not one`);
  });
});
