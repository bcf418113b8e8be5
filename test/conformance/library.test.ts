// The whole fixture suite against the library, in process.
import { describe } from 'vitest';
import { libraryImplementation } from '../../src/conformance/implementations/library.js';
import { conformanceSuite } from './suite.js';

describe('conformance fixtures: library', () => conformanceSuite(libraryImplementation, libraryImplementation.kinds));
