import "npm:zod@4.6.7";
import { z } from "zod";
z.string().parse(5);
