import { describeHotPlans } from '../support/hot-plans.js';

// The smallest history (of 20,000 and 50,000) where the planner still prefers each hot table's index to
// a scan (at 20,000 it scans the attempt log), so a missing index fails here; 200,000 in plans.scale.test.ts.
describeHotPlans(Number(process.env.PLANS_HISTORY ?? 50_000));
