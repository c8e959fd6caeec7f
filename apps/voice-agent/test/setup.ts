import { initializeLogger } from '@livekit/agents';

// The framework logs through its own logger, which the CLI normally initializes.
initializeLogger({ pretty: false, level: process.env.LOG_LEVEL ?? 'error' });
