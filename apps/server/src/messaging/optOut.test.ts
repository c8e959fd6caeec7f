import { describe, expect, it } from 'vitest';
import { optKeyword } from './optOut';

describe('optKeyword', () => {
  it('given STOP-style words in any case › opt_out', () => {
    expect(optKeyword('stop')).toEqual({ kind: 'opt_out', keyword: 'STOP' });
    expect(optKeyword('  Unsubscribe. ')).toEqual({ kind: 'opt_out', keyword: 'UNSUBSCRIBE' });
  });
  it('given START › opt_in', () => {
    expect(optKeyword('Start')).toEqual({ kind: 'opt_in', keyword: 'START' });
  });
  it('given a sentence that only contains the word › no keyword', () => {
    expect(optKeyword('please stop the delivery')).toBeNull();
    expect(optKeyword('')).toBeNull();
  });
});
