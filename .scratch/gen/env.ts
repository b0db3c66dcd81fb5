Deno.env.get("SECRET_X");
