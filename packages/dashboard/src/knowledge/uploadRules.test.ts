// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  acceptedFileTypes,
  canUpload,
  fileUploadName,
  nameAfterFilePicked,
  urlFieldError,
  urlUploadName,
  type UploadFormState,
} from './uploadRules';

const empty: UploadFormState = { name: '', content: '', url: '', file: null };
const file = { name: 'handbook.pdf' };

describe('canUpload (spec §5)', () => {
  it('text mode needs a name and content', () => {
    expect(canUpload('text', { ...empty, name: 'Hours' })).toBe(false);
    expect(canUpload('text', { ...empty, content: 'Open 8–18' })).toBe(false);
    expect(canUpload('text', { ...empty, name: ' ', content: 'Open' })).toBe(false);
    expect(canUpload('text', { ...empty, name: 'Hours', content: 'Open 8–18' })).toBe(true);
  });

  it('file mode needs a name and a file', () => {
    expect(canUpload('file', { ...empty, file })).toBe(false);
    expect(canUpload('file', { ...empty, name: 'Handbook' })).toBe(false);
    expect(canUpload('file', { ...empty, name: 'Handbook', file })).toBe(true);
  });

  it('url mode needs only a url (the name is optional)', () => {
    expect(canUpload('url', { ...empty, name: 'Docs' })).toBe(false);
    expect(canUpload('url', { ...empty, url: 'https://example.com' })).toBe(true);
  });

  it('url mode needs a full http(s) web address', () => {
    for (const url of [
      'not a url',
      'example.com/page',
      'ftp://example.com',
      'https://',
      'http:// x',
    ])
      expect(canUpload('url', { ...empty, url }), url).toBe(false);
    expect(urlFieldError('not a url')).toBe(
      'Enter a full web address starting with http:// or https://',
    );
    expect(urlFieldError('')).toBeUndefined();
    expect(urlFieldError(' https://example.com/help?q=1 ')).toBeUndefined();
  });
});

describe('names', () => {
  it('given a picked file and an empty name › takes the file name', () => {
    expect(nameAfterFilePicked('', file)).toBe('handbook.pdf');
    expect(nameAfterFilePicked('  ', file)).toBe('handbook.pdf');
  });

  it('given the name came from the previous file › follows the new file', () => {
    expect(nameAfterFilePicked('handbook.pdf', { name: 'v2.pdf' }, file)).toBe('v2.pdf');
    expect(nameAfterFilePicked('Handbook', { name: 'v2.pdf' }, file)).toBe('Handbook');
  });

  it('given a typed name › keeps it', () => {
    expect(nameAfterFilePicked('Staff handbook', file)).toBe('Staff handbook');
    expect(fileUploadName(' Staff handbook ', file)).toBe('Staff handbook');
    expect(fileUploadName('', file)).toBe('handbook.pdf');
  });

  it('given a blank URL name › leaves it out for the server to generate', () => {
    expect(urlUploadName('  ')).toBeUndefined();
    expect(urlUploadName(' Pricing ')).toBe('Pricing');
  });
});

describe('upload details', () => {
  it('accepts pdf, doc, docx and txt', () => {
    expect(acceptedFileTypes).toEqual(['.pdf', '.doc', '.docx', '.txt']);
  });
});
