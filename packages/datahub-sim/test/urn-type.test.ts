import { describe, expect, it } from 'vitest';
import { parseSchemaFieldUrn as sharedSchemaField, parseUrn } from '../src/shared/urn.js';
import { entityTypeOf, parseSchemaFieldUrn } from '../src/urn.js';

// The simulator's urn type reader skips the key split; its answers must be parseUrn's, urn for urn.

const URNS = [
  'urn:li:dataset:(urn:li:dataPlatform:snowflake,db.t,PROD)',
  'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),col.x)',
  'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD))',
  'urn:li:schemaField:x',
  'urn:li:schemaField:',
  'urn:li:schemaField:()',
  'urn:li:schemaField:(a,b,c)',
  'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),struct(x,y).z,w)',
  'urn:li:schemaField:(a))',
  'urn:li:schemaField:((a,b)',
  'urn:li:schemaFields:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),c)',
  'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)',
  'urn:li:corpuser:datahub',
  'urn:li:corpuser:',
  'urn:li::x',
  'urn:li:',
  'urn:li',
  '',
  'URN:li:dataset:x',
  'urn:li:data_set:x',
  'urn:li:data-set:x',
  'urn:li:dataSet1:x',
  'urn:li:Dataset:x',
  'urn:li:@:x',
  'urn:li:[:x',
  'urn:li:`:x',
  'urn:li:{:x',
  'urn:li:é:x',
  'urn:li:tag:a\nb',
  'urn:li:tag:a\rb',
  'urn:li:tag:a\u2028b',
  'urn:li:tag:a\u2029b',
  'urn:li:tag:a\u0085b',
  'urn:li:tag:\n',
  'urn:li:tag:a:b:c',
  'urn:li:tag::',
  ' urn:li:tag:a',
  'urn:li:tag:a ',
];

describe('sim urn type', () => {
  it('entityTypeOf answers as parseUrn does', () => {
    for (const urn of URNS) expect(entityTypeOf(urn), JSON.stringify(urn)).toBe(parseUrn(urn)?.entityType);
  });

  it('entityTypeOf answers as parseUrn does for every character in the type and key', () => {
    for (let code = 0; code < 0x3000; code++) {
      const c = String.fromCharCode(code);
      for (const urn of [`urn:li:a${c}b:k`, `urn:li:${c}:k`, `urn:li:tag:k${c}`, `urn:li:tag:${c}`]) {
        expect(entityTypeOf(urn), JSON.stringify(urn)).toBe(parseUrn(urn)?.entityType);
      }
    }
  });

  it('parseSchemaFieldUrn answers as the shared parser does', () => {
    for (const urn of URNS) expect(parseSchemaFieldUrn(urn), JSON.stringify(urn)).toStrictEqual(sharedSchemaField(urn));
  });

  it('parseSchemaFieldUrn splits every key of up to six characters from ( ) , a and a newline as the shared parser does', () => {
    const alphabet = ['(', ')', ',', 'a', '\n'];
    let keys = [''];
    for (let length = 1; length <= 6; length++) {
      keys = keys.flatMap((k) => alphabet.map((c) => k + c));
      for (const key of keys) {
        const urn = `urn:li:schemaField:${key}`;
        expect(parseSchemaFieldUrn(urn), JSON.stringify(urn)).toStrictEqual(sharedSchemaField(urn));
      }
    }
  });
});
