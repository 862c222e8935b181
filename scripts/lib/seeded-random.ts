/** The soaks' seeded generator: the one of the pure core, so that a soak's kill instants repeat for a given seed. */
export { seededRandom } from '../../src/core/seeded-random.js';
