// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from '@parley/api-client';
import {
  createErrorMessage,
  crawlFailure,
  errorMessage,
  isNetworkError,
  listErrorMessage,
  reindexFailed,
  reindexSucceeded,
  sessionMessage,
  uploadReason,
  warningOf,
} from './knowledgeErrors';

const serverError = new ApiError('Database unavailable', 500, { error: 'Database unavailable' });
const expired = new ApiError('Unauthorized', 401, { error: 'Unauthorized' });
const offline = new TypeError('Failed to fetch');

describe('knowledge error texts (spec §8)', () => {
  it('given the session state › says not logged in, or authentication error', () => {
    expect(sessionMessage('signed-out')).toBe(
      'You are not logged in. Please login to access Knowledge Bases.',
    );
    expect(sessionMessage('no-token')).toBe(
      'Authentication error. Please refresh the page and try again.',
    );
    expect(sessionMessage('active')).toBeNull();
  });

  it('given a 401 › the session has expired', () => {
    const text = 'Your session has expired. Please refresh the page and login again.';
    expect(listErrorMessage(expired)).toBe(text);
    expect(createErrorMessage(expired)).toBe(text);
    expect(errorMessage(expired)).toBe(text);
  });

  it('given no answer at all › the network text', () => {
    const text = 'Failed to connect to the server. Please check your internet connection.';
    expect(isNetworkError(offline)).toBe(true);
    expect(listErrorMessage(offline)).toBe(text);
    expect(createErrorMessage(offline)).toBe(text);
  });

  it('given another failure › prefixes the server error', () => {
    expect(listErrorMessage(serverError)).toBe(
      'Failed to fetch knowledge bases: Database unavailable',
    );
    expect(createErrorMessage(serverError)).toBe(
      'Failed to create knowledge base: Database unavailable',
    );
    expect(isNetworkError(new ContractError('bad'))).toBe(false);
  });

  it('given a crawl failure › "Failed to crawl URL:" with the error', () => {
    const error = new ApiError('Could not reach host', 422, { error: 'Could not reach host' });
    expect(crawlFailure(error)).toEqual({
      tone: 'error',
      title: 'Failed to crawl URL:',
      message: 'Could not reach host.',
    });
  });

  it('given a refused address or a raw system text › words a user understands', () => {
    const invalid = new ApiError('url: url must be a valid http(s) URL', 400, {
      error: 'url: url must be a valid http(s) URL',
    });
    expect(crawlFailure(invalid).message).toBe(
      'Enter a full web address starting with http:// or https://.',
    );
    const raw = new ApiError('fetch failed', 422, { error: 'fetch failed' });
    expect(crawlFailure(raw).message).toBe(
      'The page could not be reached. Check the address and try again.',
    );
    const status = new ApiError('The page answered HTTP 404', 422, {});
    expect(crawlFailure(status)).toEqual({
      tone: 'error',
      title: 'Failed to crawl URL:',
      message: 'The page answered HTTP 404.',
    });
    for (const e of [invalid, raw, status])
      expect(crawlFailure(e).message).not.toMatch(/^url:|fetch failed|must be a valid/);
  });

  it('given configurationRequired › the alert is headed Configuration Required', () => {
    const error = new ApiError('No crawler key configured', 503, {
      error: 'No crawler key configured',
      configurationRequired: true,
    });
    expect(crawlFailure(error).title).toBe('Configuration Required');
    expect(crawlFailure(error).message).toBe('No crawler key configured.');
  });

  it('gives the three reindex outcomes', () => {
    expect(reindexSucceeded({ message: 'anything' })).toEqual({
      tone: 'success',
      title: 'Document reindexing started! It may take a few moments to complete.',
    });
    expect(reindexSucceeded({ message: 'Reindex queued', warning: 'Full-text only' })).toEqual({
      tone: 'warning',
      title: 'Reindex queued',
      message: 'Full-text only',
    });
    expect(reindexFailed(serverError)).toEqual({
      tone: 'error',
      title: 'Failed to reindex: Database unavailable',
    });
  });

  it('reads a warning from a successful answer', () => {
    expect(warningOf({ id: 'x', warning: 'Indexed with full-text only' })).toBe(
      'Indexed with full-text only',
    );
    expect(warningOf({ id: 'x' })).toBeNull();
    expect(warningOf(null)).toBeNull();
  });

  it('an upload’s reason has no field prefix and reads as a sentence', () => {
    const tooBig = new ApiError('file: The file is larger than the 10 MB limit', 400, {});
    expect(uploadReason(tooBig)).toBe('The file is larger than the 10 MB limit.');
    const content = new ApiError(
      'content: Too big: expected string to have <=100 characters',
      400,
      {},
    );
    expect(uploadReason(content)).not.toMatch(/^content:/);
    expect(uploadReason(expired)).toBe(
      'Your session has expired. Please refresh the page and login again.',
    );
  });
});
