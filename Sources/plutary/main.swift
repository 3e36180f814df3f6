import PlutaryApp
