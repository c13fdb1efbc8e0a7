import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../components/resource/definition';
import { boardVideoMaterialDefinition } from './adMaterial/definition';
import { boardImageMaterialDefinition } from './imgMaterial/definition';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);

const fileField = (definition: ResourceDefinition) => definition.fields.find((field) => field.field === 'file')!;

/** The file field's check of a picked file, as the form runs it. */
const check = (definition: ResourceDefinition, file: File) => fileField(definition).check!([{ originFileObj: file }], { templateType: 2, matPlaytime: 15 });

describe('board materials', () => {
  it('belong to no advertiser or slot type: the network owns them', () => {
    for (const definition of [boardVideoMaterialDefinition, boardImageMaterialDefinition]) {
      expect(definition.columns.map((column) => column.field)).toEqual([
        'thumbUrl',
        'matId',
        'matName',
        'templateType',
        'matPlaytime',
        'matType',
        'matStatus',
        'encodingStatus',
        'createdAt',
      ]);
      expect(definition.fields.map((field) => field.field)).not.toContain('advertiserCId');
      expect(definition.fields.map((field) => field.field)).not.toContain('slotType');
    }
  });

  it('offer only files of their kind, and refuse a file of the other kind by its content', async () => {
    expect(fileField(boardVideoMaterialDefinition).files?.accept).toBe('.mp4,.mov,.webm');
    expect(fileField(boardImageMaterialDefinition).files?.accept).toBe('.png,.jpg,.jpeg');
    expect(await check(boardVideoMaterialDefinition, new File([PNG], 'poster.png', { type: 'image/png' }))).toBe('영상 파일만 올릴 수 있습니다. (mp4, mov, webm)');
    expect(await check(boardImageMaterialDefinition, new File([MP4], 'clip.mp4', { type: 'video/mp4' }))).toBe('이미지 파일만 올릴 수 있습니다. (png, jpeg)');
  });
});
