import { badInputSweep } from '../test/route-sweep';

// A quarter of the routes: see test/route-sweep.ts.
badInputSweep(3, 4);
