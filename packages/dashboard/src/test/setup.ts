// Same jsdom setup as the design system (jest-dom matchers, Radix polyfills).
import '../../../ui/src/test/setup';
