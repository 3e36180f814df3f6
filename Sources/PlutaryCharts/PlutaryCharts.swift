// Chart layout and the Cairo painter land with the analytics issue (#5).
import PlutaryCore
