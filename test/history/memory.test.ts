import { MemoryVerdictHistory } from '../../src/history/index.js';
import { scanHistoryContract } from './contract.js';

scanHistoryContract(async (depth) => new MemoryVerdictHistory(depth));
